/** Stroke icons of the chart toolbars (24 × 24, currentColor), one path each. */
import type { DrawingTool } from './chart.logic';

/** A small filled-looking anchor dot drawn as a closed circle path. */
const dot = (x: number, y: number) => `M${x - 1.6} ${y}a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0 -3.2 0`;
const lens = 'M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13zM15.5 15.5L20 20';
const bin = 'M5 7h14M10 7V4.5h4V7M7 7l1 13h8l1-13';

/** Paths of every icon by name. */
export const ICONS: Record<DrawingTool | ToolbarIcon, string> = {
  horizontalStraightLine: 'M3 12H21',
  horizontalRayLine: `M6 12H21${dot(6, 12)}`,
  horizontalSegment: `M6 12H18${dot(6, 12)}${dot(18, 12)}`,
  verticalStraightLine: 'M12 3V21',
  verticalRayLine: `M12 6V21${dot(12, 6)}`,
  verticalSegment: `M12 6V18${dot(12, 6)}${dot(12, 18)}`,
  straightLine: 'M3 19L21 5',
  rayLine: `M6 17L21 5${dot(6, 17)}`,
  segment: `M6 17L18 7${dot(6, 17)}${dot(18, 7)}`,
  priceLine: `M4 15H20${dot(4, 15)}M13 7h7v4h-7z`,
  parallelStraightLine: 'M3 15L21 5M3 20L21 10',
  priceChannelLine: 'M3 13L21 4M3 21L21 12M3 17h2M8 15.5h2M13 14h2M18 12.5h2',
  fibonacciLine: 'M3 5H21M3 9.5H21M3 13H21M3 16H21M3 19H21',
  indicators: 'M3 17l5-6 4 3 5-7 4 4',
  'zoom-in': `${lens}M7.5 10.5h6M10.5 7.5v6`,
  'zoom-out': `${lens}M7.5 10.5h6`,
  'shift-left': 'M15 5l-7 7 7 7',
  'shift-right': 'M9 5l7 7-7 7',
  screenshot: 'M3.5 8h4l2-3h5l2 3h4v11h-17zM12 10a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7z',
  fullscreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  'exit-fullscreen': 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  theme: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  'delete-selected': bin,
  'delete-all': `${bin}M10 11l4 5M14 11l-4 5`,
};

/** Icon names besides the drawing tools. */
export type ToolbarIcon =
  | 'indicators'
  | 'zoom-in'
  | 'zoom-out'
  | 'shift-left'
  | 'shift-right'
  | 'screenshot'
  | 'fullscreen'
  | 'exit-fullscreen'
  | 'theme'
  | 'delete-selected'
  | 'delete-all';

/** One icon; decorative (the button carries the accessible name). */
export function Icon({ name }: { name: DrawingTool | ToolbarIcon }) {
  return (
    <svg
      className="tk-chart__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
