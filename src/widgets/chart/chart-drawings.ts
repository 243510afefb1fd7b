/**
 * The user's drawings on the klinecharts instance of <tk-chart>: drawing, selecting, deleting, restoring a
 * symbol's saved drawings and reporting every finished change. Part of the engine's chunk.
 */
import type { Chart, Coordinate, Overlay, OverlayEvent, Point } from 'klinecharts';
import { parseDrawing } from './chart-prefs';
import type { Drawing, DrawingPoint } from './chart-prefs';
import type { DrawingTool } from './chart.logic';

/** Overlay group of the user's drawings (the trade lines have their own). */
const DRAWINGS = 'tk-drawing';

/** What the drawings report back to the widget (see EngineEvents). */
export interface DrawingEvents {
  onDrawings(symbol: string, drawings: Drawing[]): void;
  onSelection(selected: boolean): void;
  onDrawingCount(count: number): void;
}

/** The drawings of one chart. */
export interface DrawingLayer {
  /** Another symbol is shown: remove its drawings; `drawings` are restored once its data is drawn. */
  changeSymbol(drawings: readonly Drawing[]): void;
  /** The first page of the series is drawn: restore the drawings waiting for it, if any. */
  restorePending(): void;
  /** Whether a drawing is started and not finished. */
  hasUnfinished(): boolean;
  /** Remove the started, unfinished drawings (not reported). */
  cancelUnfinished(): void;
  /** Start a drawing with `tool` (an unfinished one is given up). */
  draw(tool: DrawingTool): void;
  /** Delete the selected drawing; false when none is selected. */
  deleteSelected(): boolean;
  deleteAll(): void;
}

/**
 * A drawing's anchor as it is shown. klinecharts leaves the candle time out of a point it placed without one
 * (a click over the price axis: it draws such a point at the pane's left edge, or at its candle index): the
 * time is read back from where the point is drawn, so the saved drawing is the one on screen. Without the
 * time, the drawing was dropped when saved and was gone after a reload.
 */
export function shownPoint(c: Chart, point: Partial<Point>): DrawingPoint | null {
  const { timestamp, dataIndex, value } = point;
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (typeof timestamp === 'number' && Number.isFinite(timestamp)) return { timestamp, value };
  const x = typeof dataIndex === 'number' ? (c.convertToPixel({ dataIndex }) as Partial<Coordinate>).x : 0;
  if (typeof x !== 'number') return null;
  const [at] = c.convertFromPixel([{ x }]) as Partial<Point>[];
  const time = at?.timestamp;
  return typeof time === 'number' && Number.isFinite(time) ? { timestamp: time, value } : null;
}

/** A finished overlay as a drawing to save; null when klinecharts could not place one of its points. */
export function drawingOf(c: Chart, overlay: Pick<Overlay, 'name' | 'points' | 'styles'>): Drawing | null {
  const points = overlay.points.map((p) => shownPoint(c, p));
  if (points.some((p) => p === null)) return null;
  return parseDrawing({ name: overlay.name, points, styles: overlay.styles });
}

/** Create the drawing layer of chart `c`; `symbol` answers the symbol shown now. */
export function createDrawingLayer(
  c: Chart,
  events: DrawingEvents,
  symbol: () => string | undefined,
): DrawingLayer {
  let restore: readonly Drawing[] | null = null;
  let selected: string | null = null;
  let quiet = false;
  let persistQueued = false;

  function select(id: string | null): void {
    if (selected === id) return;
    selected = id;
    events.onSelection(id !== null);
  }

  function finished(): Overlay[] {
    return c.getOverlays({ groupId: DRAWINGS }).filter((o) => o.currentStep === -1);
  }

  function unfinished(): Overlay[] {
    return c.getOverlays({ groupId: DRAWINGS }).filter((o) => o.currentStep !== -1);
  }

  function persist(): void {
    const shownSymbol = symbol();
    if (quiet || persistQueued || !shownSymbol) return;
    persistQueued = true;
    // After klinecharts has finished the change: onRemoved fires before the overlay leaves its list.
    queueMicrotask(() => {
      persistQueued = false;
      if (symbol() !== shownSymbol) return;
      const shown = finished();
      events.onDrawingCount(shown.length);
      const drawings = shown.map((o) => drawingOf(c, o)).filter((d): d is Drawing => d !== null);
      events.onDrawings(shownSymbol, drawings);
    });
  }

  const handlers = {
    groupId: DRAWINGS,
    onDrawEnd: () => persist(),
    onPressedMoveEnd: () => persist(),
    onSelected: ({ overlay }: OverlayEvent<unknown>) => select(overlay.id),
    onDeselected: ({ overlay }: OverlayEvent<unknown>) => {
      if (selected === overlay.id) select(null);
    },
    onRemoved: ({ overlay }: OverlayEvent<unknown>) => {
      if (selected === overlay.id) select(null);
      persist();
    },
  };

  function silently(change: () => void): void {
    quiet = true;
    try {
      change();
    } finally {
      quiet = false;
    }
  }

  function cancelUnfinished(): void {
    silently(() => unfinished().forEach((o) => c.removeOverlay({ id: o.id })));
  }

  return {
    changeSymbol(drawings) {
      silently(() => c.removeOverlay({ groupId: DRAWINGS }));
      events.onDrawingCount(0);
      select(null);
      restore = drawings;
    },
    restorePending() {
      const drawings = restore;
      restore = null;
      if (drawings?.length) {
        silently(() => {
          c.createOverlay(
            drawings.map((d) => ({
              name: d.name,
              points: d.points.map((p) => ({ ...p })),
              styles: d.styles,
              ...handlers,
            })),
          );
        });
      }
      events.onDrawingCount(finished().length);
    },
    hasUnfinished: () => unfinished().length > 0,
    cancelUnfinished,
    draw(tool) {
      cancelUnfinished();
      c.createOverlay({ name: tool, ...handlers });
    },
    deleteSelected() {
      if (!selected) return false;
      c.removeOverlay({ id: selected });
      return true;
    },
    deleteAll() {
      c.removeOverlay({ groupId: DRAWINGS });
      select(null);
    },
  };
}
