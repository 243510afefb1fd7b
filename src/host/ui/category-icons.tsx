/** One icon per trade category (spec: Cryptos 1, Commodities 2, Forex 3, Indices 4, US stocks 5). */
import type { CategoryId } from '../../core/contract';

const paths: Record<CategoryId, string[]> = {
  1: [
    'M9 7h5a2.5 2.5 0 0 1 0 5H9V7Z',
    'M9 12h5.5a2.5 2.5 0 0 1 0 5H9v-5Z',
    'M10.5 5v2M13 5v2M10.5 17v2M13 17v2M7.5 7H9M7.5 17H9',
  ],
  2: ['M4 18h16l-2.5-6h-11L4 18Z', 'M8.5 12 10 8h4l1.5 4'],
  3: ['M4 8h13l-3-3', 'M20 16H7l3 3'],
  4: ['M3 20h18', 'M4 16l5-5 4 3 7-8', 'M15 6h5v5'],
  5: ['M4 21V9l8-5 8 5v12', 'M4 21h16', 'M8 21v-7M12 21v-7M16 21v-7'],
};

/** Category icon (decorative). */
export function CategoryIcon({ type, size = 26 }: { type: CategoryId; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {(paths[type] ?? paths[3]).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
