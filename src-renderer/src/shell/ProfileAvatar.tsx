/** A profile's initial on a tint picked from its name, so profiles are told apart at a glance. */
const TINTS = ['#5753d6', '#0e8a7e', '#b5462b', '#7a4fc4', '#2f6fd1', '#a0742a', '#c23c78', '#3d8a3a'];

export function ProfileAvatar({ name, size }: { name: string; size: number }) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (
    <span
      className="profile-avatar"
      aria-hidden
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.45),
        background: TINTS[hash % TINTS.length],
      }}
    >
      {initial}
    </span>
  );
}
