// The hand-written side of the partial-update benchmark: a copy of the <tk-quotes> table as React drew it
// (same markup, same styles, in a shadow root of its own), updated the way one would write it by hand:
// every changed cell's text node and attribute found once and kept with what it shows, a write only where the
// value changed (compared in JS, not read back from the DOM), and the same formatting, flash, sparkline and
// column-width rules the widget uses (shared with it, the widths by the same ColumnFit on its own copy of the
// sizer), so the two sides differ in how they update the DOM, not in what they compute.
import { SHORT_DATE_TIME_FORMAT, formatPercent, formatPrice, formatTime } from '../../src/core/domain/format';
import { changeDirection } from '../../src/core/domain/quotes';
import type { PriceEntry } from '../../src/core/contract/types';
import { nextFlash } from '../../src/widgets/quotes/live-cells';
import type { Flash } from '../../src/widgets/quotes/live-cells';
import { ColumnFit } from '../../src/widgets/quotes/column-fit';
import type { FitLabels } from '../../src/widgets/quotes/column-fit';
import { appendLive, seriesDirection, sparkPath } from '../../src/widgets/quotes/sparkline';
import type { SparkPoint } from '../../src/widgets/quotes/sparkline';

const SPARK_WIDTH = 80;
const SPARK_HEIGHT = 28;

/** A flashing price: its text node, the span that carries the move, and what they show. */
interface FlashCell {
  text: Text;
  span: HTMLElement;
  flash: Flash;
}

/** A text cell: its text node and what it shows (compared in JS, not read back from the DOM). */
interface TextCell {
  node: Text;
  value: string;
}

interface VanillaRow {
  bid: FlashCell;
  ask: FlashCell;
  low: TextCell;
  high: TextCell;
  change: HTMLElement;
  changeText: TextCell;
  direction: string | undefined;
  time: TextCell;
  spark: SVGSVGElement;
  path: SVGPathElement;
  points: readonly SparkPoint[];
  closed: boolean;
}

function textOf(parent: Element | null, what: string): Text {
  const node = parent?.lastChild;
  if (!(node instanceof Text)) throw new Error(`vanilla table: no text node in ${what}`);
  return node;
}

function flashCell(row: Element, field: string): FlashCell {
  const span = row.querySelector<HTMLElement>(`[data-field="${field}"] .tk-quotes__flash`);
  if (!span) throw new Error(`vanilla table: no ${field} price`);
  const text = textOf(span, field);
  const move = span.dataset.move;
  return { text, span, flash: { value: text.data, move: move === 'up' || move === 'down' ? move : null } };
}

/** The widget's QF1 rule (`nextFlash`): a new value takes its move's colour; an equal number keeps the last one. */
function setFlash(cell: FlashCell, value: string): void {
  const was = cell.flash;
  const flash = nextFlash(was, value);
  if (flash === was) return;
  cell.flash = flash;
  cell.text.data = value;
  if (flash.move === was.move) return;
  if (flash.move) cell.span.setAttribute('data-move', flash.move);
  else cell.span.removeAttribute('data-move');
}

function textCell(node: Text): TextCell {
  return { node, value: node.data };
}

function setText(cell: TextCell, value: string): void {
  if (cell.value === value) return;
  cell.value = value;
  cell.node.data = value;
}

/** A hand-updated copy of a rendered quotes widget. */
export class VanillaQuotes {
  readonly host: HTMLElement;
  private readonly rows = new Map<string, VanillaRow>();
  private readonly fit = new ColumnFit('table');

  /**
   * Copy `source` (a rendered <tk-quotes>: its styles and table) into a new element, and start each row's
   * sparkline from `series` (the points the widget's mini charts drew); `labels` are the table's.
   */
  constructor(
    source: HTMLElement,
    series: (symbol: string) => readonly SparkPoint[] | undefined,
    private readonly timeZone: string | null,
    labels: FitLabels,
  ) {
    this.host = document.createElement('div');
    this.host.className = 'bench-vanilla';
    const shadow = this.host.attachShadow({ mode: 'open' });
    for (const node of source.shadowRoot!.childNodes) shadow.append(node.cloneNode(true));
    for (const row of shadow.querySelectorAll<HTMLElement>('[role="row"][data-symbol]')) {
      const symbol = row.dataset.symbol!;
      const spark = row.querySelector<SVGSVGElement>('.tk-quotes__spark');
      const path = spark?.querySelector('path');
      const points = series(symbol);
      if (!spark || !path || !points) throw new Error(`vanilla table: ${symbol} has no drawn sparkline`);
      const change = row.querySelector<HTMLElement>('[data-field="change"]')!;
      this.rows.set(symbol, {
        bid: flashCell(row, 'bid'),
        ask: flashCell(row, 'ask'),
        low: textCell(textOf(row.querySelector('[data-field="bid"] + .tk-quotes__sub'), 'low')),
        high: textCell(textOf(row.querySelector('[data-field="ask"] + .tk-quotes__sub'), 'high')),
        change,
        changeText: textCell(textOf(change, 'change')),
        direction: change.dataset.direction,
        time: textCell(textOf(row.querySelector('.tk-quotes__cell--time'), 'time')),
        spark,
        path,
        points,
        closed: row.dataset.closed === 'true',
      });
    }
    const table = shadow.querySelector<HTMLElement>('.tk-quotes__table');
    const sizer = shadow.querySelector<HTMLElement>('.tk-quotes__sizer');
    if (!table || !sizer) throw new Error('vanilla table: no table or sizer');
    this.fit.setLabels(labels);
    for (const [symbol, row] of this.rows) this.fit.set(symbol, this.fitValues(row));
    this.fit.attach(table, sizer);
  }

  /** What a row shows that can widen a column (the logo layout's price is not drawn in this table). */
  private fitValues(row: VanillaRow) {
    return {
      updated: row.time.value,
      bid: row.bid.flash.value,
      ask: row.ask.flash.value,
      low: row.low.value,
      high: row.high.value,
      price: '',
      change: row.changeText.value,
      closed: row.closed,
    };
  }

  get size(): number {
    return this.rows.size;
  }

  /** Apply one `/topic/prices` message (the same JSON text the widget's socket gets). */
  apply(body: string): void {
    const entries = JSON.parse(body) as PriceEntry[];
    for (const e of entries) {
      const row = this.rows.get(e.symbol);
      if (!row) continue;
      const precision = e.pricePrecision;
      setFlash(row.bid, formatPrice(e.bidPrice, precision));
      setFlash(row.ask, formatPrice(e.askPrice, precision));
      setText(row.low, formatPrice(e.lowPrice, precision));
      setText(row.high, formatPrice(e.highPrice, precision));
      setText(row.time, formatTime(e.lastUpdate, SHORT_DATE_TIME_FORMAT, this.timeZone));
      const change = formatPercent(e.priceChangePercent);
      if (row.changeText.value !== change) {
        setText(row.changeText, change);
        const direction = changeDirection(e.priceChangePercent);
        if (row.direction !== direction) {
          row.direction = direction;
          row.change.setAttribute('data-tone', direction);
          row.change.setAttribute('data-direction', direction);
        }
      }
      this.fit.set(e.symbol, this.fitValues(row));
      const points = appendLive(row.points, e.price, e.lastUpdate);
      if (points !== row.points) {
        row.points = points;
        row.path.setAttribute('d', sparkPath(points, SPARK_WIDTH, SPARK_HEIGHT));
        row.spark.setAttribute('data-direction', seriesDirection(points));
        row.spark.setAttribute('data-points', String(points.length));
      }
    }
  }

  /** The HTML of each row, by symbol (to check both sides drew the same thing). */
  rowHtml(): Map<string, string> {
    const html = new Map<string, string>();
    for (const row of this.host.shadowRoot!.querySelectorAll<HTMLElement>('[role="row"][data-symbol]'))
      html.set(row.dataset.symbol!, row.outerHTML);
    return html;
  }
}
