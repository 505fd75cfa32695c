import { useId } from 'react';

/**
 * The app's mark, the same drawing as the app icon (resources/icon.svg): a speech bubble holding a
 * waveform. Drawn inline (no asset request) in the icon's own coordinates.
 */
export function AppMark({ size = 28 }: { size?: number }) {
  const tile = useId();
  const wave = useId();
  return (
    <svg width={size} height={size} viewBox="32 32 448 448" aria-hidden className="app-mark">
      <defs>
        <linearGradient id={tile} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4a7cf0" />
          <stop offset="1" stopColor="#5a3fd6" />
        </linearGradient>
        <linearGradient id={wave} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#4a7cf0" />
          <stop offset="1" stopColor="#5a3fd6" />
        </linearGradient>
      </defs>
      <rect x="32" y="32" width="448" height="448" rx="104" fill={`url(#${tile})`} />
      <path
        d="M156 120h200a52 52 0 0 1 52 52v128a52 52 0 0 1-52 52H222l-62 50a8 8 0 0 1-13-6v-44a52 52 0 0 1-43-51V172a52 52 0 0 1 52-52z"
        fill="#fff"
      />
      <g fill={`url(#${wave})`}>
        <rect x="145" y="214" width="22" height="44" rx="11" />
        <rect x="185" y="184" width="22" height="104" rx="11" />
        <rect x="225" y="158" width="22" height="156" rx="11" />
        <rect x="265" y="194" width="22" height="84" rx="11" />
        <rect x="305" y="172" width="22" height="128" rx="11" />
        <rect x="345" y="210" width="22" height="52" rx="11" />
      </g>
    </svg>
  );
}
