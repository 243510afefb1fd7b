// @vitest-environment jsdom
import type { AxisRange, Chart } from 'klinecharts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Appearance } from './engine-styles';
import { createTradeLayer, rangeWith } from './trade-overlays';
import type { ChartLine } from './trade-overlays';

const range = (from: number, to: number): AxisRange => ({
  from,
  to,
  range: to - from,
  realFrom: from,
  realTo: to,
  realRange: to - from,
  displayFrom: from,
  displayTo: to,
  displayRange: to - from,
});

describe('rangeWith (the price axis takes in the order lines)', () => {
  it.each([
    ['lines inside the candles: the same range', [100, 110], [102, 108], [100, 110]],
    ['a stop loss below', [100, 110], [95, 108], [95, 110]],
    ['a take profit above', [100, 110], [102, 120], [100, 120]],
    ['both outside', [100, 110], [90, 130], [90, 130]],
  ] as const)('%s', (_, [from, to], [low, high], expected) => {
    const widened = rangeWith(range(from, to), low, high);
    expect(widened).toEqual(range(expected[0], expected[1]));
  });

  it('returns the range itself when nothing changes (klinecharts then keeps its own)', () => {
    const own = range(1, 2);
    expect(rangeWith(own, 1.5, 1.6)).toBe(own);
  });
});

/** An overlay as the fake chart keeps it: what the layer gave, and its events. */
interface FakeOverlay {
  id: string;
  groupId?: string;
  points: { timestamp?: number; value?: number }[];
  onPressedMoveStart: (event: { overlay: FakeOverlay }) => void;
  onPressedMoveEnd: (event: { overlay: FakeOverlay }) => void;
}

/** The part of a klinecharts chart the layer uses, keeping overlays as plain objects. */
function fakeChart() {
  const overlays = new Map<string, FakeOverlay>();
  const chart = {
    overlays,
    getOverlays: ({ id, groupId }: { id?: string; groupId?: string }) =>
      [...overlays.values()].filter((o) => (id ? o.id === id : o.groupId === groupId)),
    createOverlay: (o: FakeOverlay) => {
      overlays.set(o.id, { ...o, points: o.points.map((p) => ({ ...p })) });
      return o.id;
    },
    overrideOverlay: (o: Partial<FakeOverlay> & { id: string }) => Object.assign(overlays.get(o.id)!, o),
    removeOverlay: ({ id }: { id: string }) => overlays.delete(id),
    getDataList: () => [{ timestamp: 1_000 }],
    overrideYAxis: () => undefined,
  };
  return chart;
}

const appearance: Appearance = {
  theme: 'light',
  up: '#0a0',
  down: '#a00',
  text: '#000',
  muted: '#666',
  border: '#ccc',
  surface: '#fff',
  accent: '#00a',
};
const stopLine: ChartLine = { id: '7:stop', price: 95, text: 'Stop loss', tone: 'down', draggable: true };

/** A layer drawing the stop loss line, the calls of its drop callback, and klinecharts' overlay object. */
function layerWithStop() {
  const chart = fakeChart();
  const layer = createTradeLayer(
    chart as unknown as Chart,
    document.createElement('div'),
    'candle_pane',
    () => appearance,
  );
  const drops: [string, number][] = [];
  layer.set([stopLine], [], (id, price) => drops.push([id, price]));
  const overlay = () => chart.overlays.get('tk-trade:7:stop')!;
  /** klinecharts' press on the line and its move to `value` (what its pressed-move handler does). */
  const pressAndMove = (value: number) => {
    const o = overlay();
    o.onPressedMoveStart({ overlay: o });
    o.points[0]!.value = value;
    return o;
  };
  return { chart, layer, drops, overlay, pressAndMove };
}

describe('dragging a stop loss line', () => {
  afterEach(() => vi.useRealTimers());

  it('leaves an ordinary release to klinecharts: its pointerup comes first, then klinecharts ends the press', () => {
    vi.useFakeTimers();
    const { drops, overlay, pressAndMove } = layerWithStop();
    const pressed = pressAndMove(93.5);
    window.dispatchEvent(new Event('pointerup'));
    pressed.onPressedMoveEnd({ overlay: pressed });
    window.dispatchEvent(new MouseEvent('mouseup'));
    vi.runAllTimers();
    expect(drops).toEqual([['7:stop', 93.5]]);
    // Ended by klinecharts over its pane: the overlay it holds stays, nothing is re-created.
    expect(overlay()).toBe(pressed);
  });

  it('reports the drop klinecharts tells over the line’s own pane, once', () => {
    const { drops, pressAndMove } = layerWithStop();
    const pressed = pressAndMove(93.5);
    pressed.onPressedMoveEnd({ overlay: pressed });
    window.dispatchEvent(new MouseEvent('mouseup'));
    expect(drops).toEqual([['7:stop', 93.5]]);
  });

  // pointerup alone is what Chromium sends for a release over a disabled button (no mouseup); it is looked at
  // after the turn of the mouseup that follows it elsewhere.
  it.each(['pointerup', 'pointercancel', 'mouseup', 'touchend', 'touchcancel'])(
    'ends the drag on a %s off the pane, which klinecharts does not tell',
    (name) => {
      vi.useFakeTimers();
      const { chart, drops, overlay, pressAndMove } = layerWithStop();
      const pressed = pressAndMove(92);
      window.dispatchEvent(new Event(name));
      vi.runAllTimers();
      expect(drops).toEqual([['7:stop', 92]]);
      // A new overlay at the dropped price replaces the one klinecharts still holds as pressed …
      expect(overlay()).not.toBe(pressed);
      expect(overlay().points[0]?.value).toBe(92);
      expect(chart.getOverlays({ groupId: 'tk-trade' })).toHaveLength(1);
      // … so a late end of that press, and further releases, move nothing.
      pressed.onPressedMoveEnd({ overlay: pressed });
      window.dispatchEvent(new MouseEvent('mouseup'));
      expect(drops).toHaveLength(1);
    },
  );

  it('stops listening when the lines are cleared during a press', () => {
    const { layer, drops, pressAndMove } = layerWithStop();
    pressAndMove(90);
    layer.clear();
    window.dispatchEvent(new MouseEvent('mouseup'));
    expect(drops).toEqual([]);
  });
});
