/**
 * The trader's orders drawn on the klinecharts canvas (part of the engine chunk): one horizontal line per
 * entry, pending trigger, stop loss and take profit, with a label on the left and a price tag on the y axis,
 * and a vertical marker per option expiry. Only stop loss and take profit lines take the mouse: dragging one
 * reports its new value, and the widget decides (confirm, then the server) where it ends up. A line dropped
 * on the separator between panes or outside the chart ends its drag like any other drop:
 * klinecharts tells only a release over the pane it was pressed in.
 */
import { registerOverlay } from 'klinecharts';
import type {
  AxisCreateRangeParams,
  AxisRange,
  Chart,
  Overlay,
  OverlayEvent,
  OverlayFigure,
} from 'klinecharts';
import type { Appearance } from './engine-styles';
import type { LineTone } from './trade-lines.logic';

/** A line as the engine draws it. */
export interface ChartLine {
  id: string;
  price: number;
  text: string;
  tone: LineTone;
  /** Stop loss and take profit lines are dashed and can be dragged. */
  draggable: boolean;
}

/** A vertical marker at a time (an option's expiry). */
export interface ChartMarker {
  id: string;
  time: number;
  text: string;
  tone: LineTone;
}

/** Told when the trader drops a dragged line: its id and the price under it. */
export type LineMoved = (id: string, price: number) => void;

interface LineData {
  text: string;
  color: string;
  ink: string;
  font: string | undefined;
  draggable: boolean;
  /** Where the line was drawn last (the container's data-trade-lines attribute reads it). */
  drawnAt: (y: number) => void;
}

const LINE = 'tkTradeLine';
const MARKER = 'tkExpiryMarker';
const GROUP = 'tk-trade';
const PAD = { paddingLeft: 4, paddingRight: 4, paddingTop: 2, paddingBottom: 2 };

let registered = false;
function register(): void {
  if (registered) return;
  registered = true;
  const tag = (d: LineData, x: number, y: number, text: string, align: 'left' | 'right'): OverlayFigure => ({
    type: 'text',
    attrs: { x, y, text, align, baseline: 'middle' },
    styles: { ...PAD, color: d.ink, backgroundColor: d.color, borderRadius: 2, size: 11, family: d.font },
    ignoreEvent: !d.draggable,
  });
  registerOverlay<LineData>({
    name: LINE,
    totalStep: 2,
    needDefaultPointFigure: false,
    needDefaultXAxisFigure: false,
    needDefaultYAxisFigure: false,
    createPointFigures: ({ coordinates, bounding, overlay }) => {
      const d = overlay.extendData;
      const y = coordinates[0]?.y ?? 0;
      d.drawnAt(y);
      return [
        {
          type: 'line',
          attrs: {
            coordinates: [
              { x: 0, y },
              { x: bounding.width, y },
            ],
          },
          styles: { color: d.color, size: 1, style: d.draggable ? 'dashed' : 'solid', dashedValue: [4, 3] },
          ignoreEvent: !d.draggable,
        },
        tag(d, 8, y, d.text, 'left'),
      ];
    },
    createYAxisFigures: ({ chart, coordinates, overlay }) => {
      const precision = chart.getSymbol()?.pricePrecision ?? 2;
      const text = (overlay.points[0]?.value ?? 0).toFixed(precision);
      return tag({ ...overlay.extendData, draggable: false }, 0, coordinates[0]?.y ?? 0, text, 'left');
    },
  });
  registerOverlay<LineData>({
    name: MARKER,
    totalStep: 2,
    needDefaultPointFigure: false,
    needDefaultXAxisFigure: false,
    needDefaultYAxisFigure: false,
    createPointFigures: ({ coordinates, bounding, overlay }) => {
      const d = overlay.extendData;
      const x = coordinates[0]?.x ?? 0;
      return [
        {
          type: 'line',
          attrs: {
            coordinates: [
              { x, y: 0 },
              { x, y: bounding.height },
            ],
          },
          styles: { color: d.color, size: 1, style: 'dashed', dashedValue: [2, 3] },
          ignoreEvent: true,
        },
        { ...tag(d, x, 12, d.text, 'right'), ignoreEvent: true },
      ];
    },
  });
}

/** The order lines of one chart. */
export interface TradeLayer {
  set(lines: readonly ChartLine[], markers: readonly ChartMarker[], onMove: LineMoved): void;
  /** Colours changed (theme, scheme): draw again with the new ones. */
  restyle(): void;
  clear(): void;
}

const colorOf = (tone: LineTone, a: Appearance) =>
  tone === 'up' ? a.up : tone === 'down' ? a.down : tone === 'accent' ? a.accent : a.muted;

/** `range` widened to take in `low` … `high` (a linear price axis: every from/to pair is the same). */
export function rangeWith(range: AxisRange, low: number, high: number): AxisRange {
  const from = Math.min(range.from, low);
  const to = Math.max(range.to, high);
  if (from === range.from && to === range.to) return range;
  const span = to - from;
  return {
    ...range,
    from,
    to,
    range: span,
    realFrom: from,
    realTo: to,
    realRange: span,
    displayFrom: from,
    displayTo: to,
    displayRange: span,
  };
}

/** The layer of `chart`; `el` gets `data-trade-lines` ("id:y …", the drawn positions) for tools and tests. */
export function createTradeLayer(
  chart: Chart,
  el: HTMLElement,
  paneId: string,
  appearance: () => Appearance | null,
): TradeLayer {
  register();
  let lines: readonly ChartLine[] = [];
  let markers: readonly ChartMarker[] = [];
  let moved: LineMoved = () => undefined;
  /** The line being dragged: its position is the mouse's until it is dropped. */
  let dragging: string | null = null;
  /** The pressed overlay (klinecharts' own object) and how to stop listening for its release. */
  let press: { overlay: Overlay; stop: () => void } | null = null;
  const drawn = new Map<string, number>();
  let writeQueued = false;

  const overlayId = (id: string) => `${GROUP}:${id}`;
  const exists = (id: string) => chart.getOverlays({ id: overlayId(id) }).length > 0;
  const lastTime = () => chart.getDataList().at(-1)?.timestamp ?? Date.now();

  function report(id: string, at: number): void {
    const y = Math.round(at);
    if (drawn.get(id) === y) return;
    drawn.set(id, y);
    if (writeQueued) return;
    writeQueued = true;
    queueMicrotask(() => {
      writeQueued = false;
      const shown = lines.filter((l) => drawn.has(l.id)).map((l) => `${l.id}:${drawn.get(l.id)}`);
      el.setAttribute('data-trade-lines', shown.join(' '));
    });
  }

  function data(id: string, text: string, tone: LineTone, draggable: boolean): LineData | null {
    const a = appearance();
    if (!a) return null;
    const color = colorOf(tone, a);
    return { text, color, ink: a.surface, font: a.font, draggable, drawnAt: (y) => report(id, y) };
  }

  /**
   * The drop of `overlay`. `offPane`: klinecharts saw no release (it came over another pane or off the
   * chart) and still holds the overlay as pressed, so a new one replaces it at the dropped price and a later
   * press elsewhere cannot move the line.
   */
  function drop(overlay: Overlay, offPane: boolean): void {
    press?.stop();
    press = null;
    dragging = null;
    const id = overlay.id.slice(GROUP.length + 1);
    const value = overlay.points[0]?.value;
    const line = lines.find((l) => l.id === id);
    if (offPane) {
      chart.removeOverlay({ id: overlay.id });
      if (line) create(line, typeof value === 'number' ? value : line.price);
    }
    if (typeof value === 'number') moved(id, value);
  }

  const events = {
    onPressedMoveStart: ({ overlay }: OverlayEvent<unknown>) => {
      press?.stop();
      dragging = overlay.id;
      // After klinecharts' own listener on the document: it has ended the drag by then when it could.
      const released = () => {
        if (press?.overlay === overlay) drop(overlay, true);
      };
      // Released over a disabled control (the drawing bar's idle delete button), Chromium sends pointerup and
      // no mouseup, which klinecharts listens for. pointerup comes first, so it looks after that mouseup's turn.
      const pointerReleased = () => setTimeout(released, 0);
      const listeners = [
        ...(['mouseup', 'touchend', 'touchcancel'] as const).map((name) => [name, released] as const),
        ...(['pointerup', 'pointercancel'] as const).map((name) => [name, pointerReleased] as const),
      ];
      for (const [name, listener] of listeners) window.addEventListener(name, listener);
      press = {
        overlay,
        stop: () => listeners.forEach(([name, listener]) => window.removeEventListener(name, listener)),
      };
    },
    onPressedMoveEnd: ({ overlay }: OverlayEvent<unknown>) => {
      // Only the drop of the press under way (klinecharts may repeat the end of one it lost track of).
      if (press?.overlay === overlay) drop(overlay, false);
    },
    // klinecharts removes an overlay on a right click unless told otherwise.
    onRightClick: (event: OverlayEvent<unknown>) => event.preventDefault?.(),
  };

  // The price axis takes in every line, so a stop loss or take profit off the candles' range can be seen
  // and dragged; it is told again only when the lowest or highest line changed.
  let extent = '';
  function fit(): void {
    const prices = lines.map((l) => l.price);
    const next = prices.length ? `${Math.min(...prices)}|${Math.max(...prices)}` : '';
    if (next === extent) return;
    extent = next;
    const [low, high] = next ? next.split('|').map(Number) : [];
    chart.overrideYAxis({
      paneId,
      createRange: ({ defaultRange }: AxisCreateRangeParams) =>
        low === undefined || high === undefined ? defaultRange : rangeWith(defaultRange, low, high),
    });
  }

  const shapeOf = (line: ChartLine) => {
    const extendData = data(line.id, line.text, line.tone, line.draggable);
    return extendData ? { extendData, lock: !line.draggable, zLevel: 10 } : null;
  };

  function create(line: ChartLine, value: number): void {
    const shape = shapeOf(line);
    if (!shape) return;
    chart.createOverlay({
      name: LINE,
      id: overlayId(line.id),
      groupId: GROUP,
      points: [{ timestamp: lastTime(), value }],
      ...shape,
      ...events,
    });
  }

  function draw(): void {
    fit();
    const wanted = new Set<string>();
    for (const line of lines) {
      const id = overlayId(line.id);
      wanted.add(id);
      const shape = shapeOf(line);
      if (!shape) continue;
      if (!exists(line.id)) create(line, line.price);
      else if (dragging === id) chart.overrideOverlay({ id, ...shape });
      else {
        const current = chart.getOverlays({ id })[0]?.points[0];
        // Only a changed price moves the line (a dropped line that was refused goes back here).
        const points = current?.value === line.price ? {} : { points: [{ ...current, value: line.price }] };
        chart.overrideOverlay({ id, ...shape, ...points });
      }
    }
    for (const marker of markers) {
      const id = overlayId(marker.id);
      wanted.add(id);
      const extendData = data(marker.id, marker.text, marker.tone, false);
      if (!extendData) continue;
      const points = [{ timestamp: marker.time, value: 0 }];
      if (exists(marker.id)) chart.overrideOverlay({ id, extendData, points });
      else chart.createOverlay({ name: MARKER, id, groupId: GROUP, lock: true, points, extendData });
    }
    for (const overlay of chart.getOverlays({ groupId: GROUP }))
      if (!wanted.has(overlay.id)) {
        chart.removeOverlay({ id: overlay.id });
        drawn.delete(overlay.id.slice(GROUP.length + 1));
      }
    if (lines.length === 0) el.removeAttribute('data-trade-lines');
  }

  return {
    set(nextLines, nextMarkers, onMove) {
      lines = nextLines;
      markers = nextMarkers;
      moved = onMove;
      draw();
    },
    restyle: draw,
    clear() {
      press?.stop();
      press = null;
      dragging = null;
      lines = [];
      markers = [];
      draw();
    },
  };
}
