import { useId } from 'react';

/** The app's mark: an arch (the gateway) with a sound wave passing through it. Drawn inline, no asset. */
export function AppMark({ size = 28 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden className="app-mark">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7b77f5" />
          <stop offset="1" stopColor="#4a45c8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M9 24V14.5a7 7 0 0 1 14 0V24"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.95"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <path
        d="M12.5 19.5v-1M16 21.5v-5M19.5 19.5v-1"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
