/** Stroke icons of <tk-account> (24 × 24, currentColor, decorative). */
import type { ReactNode } from 'react';

const PATHS = {
  back: ['m15 6-6 6 6 6'],
  chevron: ['m9 6 6 6-6 6'],
  user: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M4 21a8 8 0 0 1 16 0'],
  shield: ['M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Z', 'm9 12 2 2 4-4'],
  gift: ['M4 11h16v10H4z', 'M3 7h18v4H3z', 'M12 7v14', 'M12 7c-1.5-3-5-3-5-1s3 1 5 1c2 0 5 1 5-1s-3.5-2-5 1'],
  mail: ['M3 6h18v12H3z', 'm3 7 9 6 9-6'],
  globe: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z',
    'M3 12h18',
    'M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z',
  ],
  palette: [
    'M12 21a9 9 0 1 1 9-9c0 2.5-2 3.5-4 3.5h-1.5a1.5 1.5 0 0 0-1 2.6A1.7 1.7 0 0 1 12 21Z',
    'M7.5 11.5h.01M10 7.5h.01M14.5 7.5h.01',
  ],
  moon: ['M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z'],
  refresh: ['M20 11a8 8 0 0 0-14.7-4.3L4 8', 'M4 4v4h4', 'M4 13a8 8 0 0 0 14.7 4.3L20 16', 'M20 20v-4h-4'],
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
  camera: ['M4 8h3l2-3h6l2 3h3v11H4z', 'M12 17a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z'],
  image: ['M4 5h16v14H4z', 'm4 16 5-5 4 4 2-2 5 5', 'M15.5 9.5h.01'],
  logout: ['M9 4H5v16h4', 'M16 16l4-4-4-4', 'M20 12H10'],
  swap: ['M4 8h13l-3-3', 'M20 16H7l3 3'],
  lock: ['M6 11h12v10H6z', 'M8.5 11V7.5a3.5 3.5 0 0 1 7 0V11'],
  doc: ['M6 3h8l4 4v14H6z', 'M14 3v4h4', 'M9 12h6M9 16h6'],
  eye: ['M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z'],
  eyeOff: [
    'M3 3l18 18',
    'M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4',
    'M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.6 0 3-.4 4.3-1',
  ],
  wallet: ['M3 7h16v13H3z', 'M3 7l12-4v4', 'M16 13.5h.01'],
  headset: ['M4 14v-2a8 8 0 0 1 16 0v2', 'M3 13h4v6H3z', 'M17 13h4v6h-4z', 'M19 19a3 3 0 0 1-3 3h-3'],
  bell: ['M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2Z', 'M10 20a2 2 0 0 0 4 0'],
} satisfies Record<string, string[]>;

/** Name of an icon. */
export type IconName = keyof typeof PATHS;

/** One decorative icon. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }): ReactNode {
  return (
    <svg
      className="tk-account__icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
