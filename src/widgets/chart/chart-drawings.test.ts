// @vitest-environment jsdom
import { getOverlayClass } from 'klinecharts';
import type { Chart, Coordinate, Overlay, OverlayCreate, OverlayFilter, Point } from 'klinecharts';
import { describe, expect, it, vi } from 'vitest';
import { createDrawingLayer } from './chart-drawings';
import { defaultPrefs, parsePrefs, serializePrefs } from './chart-prefs';
import type { Drawing } from './chart-prefs';
import { DRAWING_TOOLS } from './chart.logic';
import type { DrawingTool } from './chart.logic';

const T0 = Date.UTC(2026, 10, 29, 10, 0);
const MINUTE = 60_000;
/** One candle every 10 px from the pane's left edge, one a minute from T0. */
const PX_PER_CANDLE = 10;

type FakeOverlay = Overlay & OverlayCreate;

/** The part of klinecharts' Chart the drawing layer uses, with overlays kept in a list. */
function fakeChart() {
  const overlays: FakeOverlay[] = [];
  let next = 0;
  const matches = (o: FakeOverlay, f: OverlayFilter) =>
    (f.id === undefined || o.id === f.id) && (f.groupId === undefined || o.groupId === f.groupId);
  const chart = {
    getOverlays: (f: OverlayFilter = {}) => overlays.filter((o) => matches(o, f)),
    createOverlay: (value: OverlayCreate | OverlayCreate[]) => {
      const ids = [value].flat().map((create) => {
        const done = (create.points?.length ?? 0) > 0;
        const overlay = {
          ...create,
          id: `o${++next}`,
          points: (create.points ?? []).map((p) => ({ ...p })),
          styles: create.styles ?? null,
          currentStep: done ? -1 : 1,
        } as FakeOverlay;
        overlays.push(overlay);
        return overlay.id;
      });
      return Array.isArray(value) ? ids : ids[0];
    },
    removeOverlay: (f: OverlayFilter = {}) => {
      for (const o of overlays.filter((item) => matches(item, f))) {
        overlays.splice(overlays.indexOf(o), 1);
        o.onRemoved?.({ overlay: o } as never);
      }
      return true;
    },
    convertToPixel: (p: Partial<Point>): Partial<Coordinate> => ({ x: (p.dataIndex ?? 0) * PX_PER_CANDLE }),
    convertFromPixel: (cs: Partial<Coordinate>[]): Partial<Point>[] =>
      cs.map(({ x = 0 }) => ({
        dataIndex: x / PX_PER_CANDLE,
        timestamp: T0 + (x / PX_PER_CANDLE) * MINUTE,
      })),
  };
  return { chart: chart as unknown as Chart, overlays };
}

/** How many points klinecharts asks for with `tool` (its template's steps less the finishing one). */
function pointCount(tool: DrawingTool): number {
  const Template = getOverlayClass(tool);
  if (!Template) throw new Error(`klinecharts has no overlay ${tool}`);
  return new Template().totalStep - 1;
}

/** A layer on a fake chart showing EURUSD, with what it reported. */
function layer() {
  const { chart, overlays } = fakeChart();
  const saved: Drawing[][] = [];
  const drawings = createDrawingLayer(
    chart,
    {
      onDrawings: (_symbol, list) => saved.push(list),
      onSelection: vi.fn(),
      onDrawingCount: vi.fn(),
    },
    () => 'EURUSD',
  );
  return { chart, overlays, drawings, saved };
}

/** Draws `tool` as klinecharts does: the overlay gets its points, finishes and calls onDrawEnd. */
async function drawWith(
  l: ReturnType<typeof layer>,
  tool: DrawingTool,
  points: Partial<Point>[],
): Promise<Drawing[]> {
  l.drawings.draw(tool);
  const overlay = l.overlays.at(-1)!;
  overlay.points = points;
  overlay.currentStep = -1;
  overlay.onDrawEnd?.({ overlay } as never);
  await Promise.resolve();
  return l.saved.at(-1) ?? [];
}

describe('every drawing tool of the toolbar is saved and restored', () => {
  it.each(DRAWING_TOOLS.map((tool) => [tool, pointCount(tool)] as const))(
    '%s with its %i point(s), each with a candle time',
    async (tool, count) => {
      const l = layer();
      const points = Array.from({ length: count }, (_, i) => ({
        timestamp: T0 + i * 5 * MINUTE,
        dataIndex: i * 5,
        value: 1.08 + i / 100,
      }));
      const saved = await drawWith(l, tool, points);
      const expected = points.map(({ timestamp, value }) => ({ timestamp, value }));
      expect(saved).toEqual([{ name: tool, points: expected, styles: null }]);
      expect(parsePrefs(serializePrefs({ ...defaultPrefs(), drawings: saved })).drawings).toEqual(saved);

      // A reload: a new chart, the saved drawing restored once the first page is drawn.
      const after = layer();
      after.drawings.changeSymbol(saved);
      after.drawings.restorePending();
      expect(after.overlays.map((o) => ({ name: o.name, points: o.points }))).toEqual([
        { name: tool, points: expected },
      ]);
    },
  );

  it.each(DRAWING_TOOLS.map((tool) => [tool, pointCount(tool)] as const))(
    '%s whose last point klinecharts left without a time (placed over the price axis) is saved as shown',
    async (tool, count) => {
      const l = layer();
      const points: Partial<Point>[] = Array.from({ length: count }, (_, i) => ({
        timestamp: T0 + (i + 1) * 5 * MINUTE,
        dataIndex: (i + 1) * 5,
        value: 1.08 + i / 100,
      }));
      points[count - 1] = { value: 1.09 };
      const saved = await drawWith(l, tool, points);
      expect(saved).toHaveLength(1);
      // klinecharts draws a point without time or index at the pane's left edge: candle 0, T0.
      expect(saved[0]!.points.at(-1)).toEqual({ timestamp: T0, value: 1.09 });
      expect(saved[0]!.points).toHaveLength(count);
    },
  );

  it('takes the time of a point klinecharts knows only by its candle index', async () => {
    const l = layer();
    const saved = await drawWith(l, 'segment', [
      { timestamp: T0, dataIndex: 0, value: 1.08 },
      { dataIndex: 12, value: 1.1 },
    ]);
    expect(saved[0]?.points).toEqual([
      { timestamp: T0, value: 1.08 },
      { timestamp: T0 + 12 * MINUTE, value: 1.1 },
    ]);
  });

  it('leaves out a drawing with a point that has no price', async () => {
    const l = layer();
    expect(await drawWith(l, 'segment', [{ timestamp: T0, value: 1.08 }, { timestamp: T0 }])).toEqual([]);
  });
});
