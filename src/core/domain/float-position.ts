/**
 * Where the desktop's floating support button sits (spec §2 desktop shell: draggable, inside the window): its
 * top-left corner, kept inside the viewport with a margin after a drag, a key press, a resize or a stored
 * place from a larger window. Pure, so the rules are table tests.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Space kept between the button and the window's edges, in CSS pixels. */
export const FLOAT_MARGIN = 8;
/** One arrow-key step, and the step with Shift held. */
export const FLOAT_STEP = 16;
export const FLOAT_BIG_STEP = 96;

function clampAxis(value: number, size: number, room: number): number {
  const max = room - size - FLOAT_MARGIN;
  // A window narrower than the button and its margins: the start edge wins, so the button stays reachable.
  if (max < FLOAT_MARGIN) return FLOAT_MARGIN;
  return Math.min(Math.max(Number.isFinite(value) ? value : max, FLOAT_MARGIN), max);
}

/** The point moved inside the viewport (whole pixels). */
export function clampFloat(point: Point, button: Size, viewport: Size): Point {
  return {
    x: Math.round(clampAxis(point.x, button.width, viewport.width)),
    y: Math.round(clampAxis(point.y, button.height, viewport.height)),
  };
}

/** The default place: the bottom-right corner, above the desktop's status bar. */
export function defaultFloat(button: Size, viewport: Size): Point {
  return clampFloat(
    { x: viewport.width - button.width - 24, y: viewport.height - button.height - 56 },
    button,
    viewport,
  );
}

/** A stored place (`{"x":…,"y":…}`), or null when absent or not two finite numbers. */
export function parseFloatPosition(stored: string | null): Point | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { x, y } = value as { x?: unknown; y?: unknown };
    return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)
      ? { x, y }
      : null;
  } catch {
    return null;
  }
}

const KEY_MOVES: Readonly<Record<string, Point>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The place after an arrow key (Shift: a bigger step), or null for any other key. */
export function movedByKey(point: Point, key: string, shift: boolean): Point | null {
  const move = KEY_MOVES[key];
  if (!move) return null;
  const step = shift ? FLOAT_BIG_STEP : FLOAT_STEP;
  return { x: point.x + move.x * step, y: point.y + move.y * step };
}

/** A press that moved less than this (pixels) is a click, not a drag. */
export const DRAG_THRESHOLD = 4;

/** Whether a pointer went far enough from where it was pressed to count as a drag. */
export function isDrag(from: Point, to: Point): boolean {
  return Math.abs(to.x - from.x) > DRAG_THRESHOLD || Math.abs(to.y - from.y) > DRAG_THRESHOLD;
}
