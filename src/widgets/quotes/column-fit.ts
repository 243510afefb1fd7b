/**
 * The widths of the quote table's value columns (EK26). Each row is a grid of its own on one explicit track
 * list, so that no row's content sizes another row's columns and a changed cell lays out its row only; the
 * list's widths are the widest header and value of each column, as a grid sizing every column to its widest
 * value in any row drew them.
 *
 * What is widest is told by shape, not measured per tick: a value's shape is its text with every digit as
 * "0". The numbers are drawn with tabular figures (every digit equally wide), so two values of one shape are
 * equally wide and the distinct shapes of a column (a few dozen at most) hold its widest value. The table
 * counts the shapes its rows show; only when a shape appears or the last row of one goes (99.99 → 100.00) is
 * a hidden sizer redrawn with every shape of each column under that column's header, in the cells' own markup
 * and CSS (partner `::part` styles and the container queries' font sizes included). A ResizeObserver hears the
 * sizer's columns after the browser laid them out, before it paints, and writes their widths as CSS variables
 * on the table (`--_q-fit-*`, see quotes-table.css). Shared with the benchmark's hand-written table.
 */

import type { QuoteRow } from './quote-row.logic';

/** A value column of the table whose width the fit sets (the symbol column takes the rest, the chart 80 px). */
export type FitColumn = 'time' | 'bid' | 'ask' | 'price' | 'change';

/** The formatted values of one row that can widen a column. */
export type FitValues = Pick<
  QuoteRow,
  'updated' | 'bid' | 'ask' | 'low' | 'high' | 'price' | 'change' | 'closed'
>;

/** The header and label texts the sizer draws (the same the table shows, translated). */
export interface FitLabels {
  time: string;
  bid: string;
  ask: string;
  price: string;
  change: string;
  low: string;
  high: string;
  closed: string;
}

/** The fit's labels in the table's language. */
export function fitLabels(t: (key: string) => string): FitLabels {
  return {
    time: t('quotes.last_update'),
    bid: t('quotes.bid'),
    ask: t('quotes.ask'),
    price: t('quotes.price'),
    change: t('quotes.change'),
    low: t('quotes.low'),
    high: t('quotes.high'),
    closed: t('quotes.closed'),
  };
}

const FIELDS = ['updated', 'bid', 'ask', 'low', 'high', 'price', 'change', 'closed'] as const;
type Field = (typeof FIELDS)[number];

/** The columns of each layout, in the table's order. */
export const FIT_COLUMNS: Record<'table' | 'logo', readonly FitColumn[]> = {
  table: ['time', 'bid', 'ask', 'change'],
  logo: ['price', 'change'],
};

/** A value with every digit as 0: values of one shape are equally wide in tabular figures. */
export function shapeOf(text: string): string {
  return text.replace(/\d/g, '0');
}

/**
 * The CSS variables of the measured column widths, in whole pixels rounded up (a price is never cut by a
 * fraction of a pixel). A width of 0 or less, or not a number, is a column the container queries hid (its
 * sizer cell is not displayed): it is left out, so the column keeps its last width for when it comes back.
 */
export function fitVariables(widths: Partial<Record<FitColumn, number>>): Array<[string, string]> {
  const vars: Array<[string, string]> = [];
  for (const column of ['time', 'bid', 'ask', 'price', 'change'] as const) {
    const width = widths[column];
    if (width === undefined || !Number.isFinite(width) || width <= 0) continue;
    vars.push([`--_q-fit-${column}`, `${Math.ceil(width - 0.001)}px`]);
  }
  return vars;
}

/**
 * The distinct shapes the rows show, per field, with how many rows show each. `set` says whether the set of
 * shapes changed (a shape appeared or its last row left it): only then may a column's widest value differ.
 */
export class ShapeCounts {
  private readonly counts = new Map<Field, Map<string, number>>(FIELDS.map((f) => [f, new Map()]));
  private readonly rows = new Map<string, { texts: string[]; shapes: string[] }>();

  /** Record a row's values; true when a field's set of shapes changed. */
  set(symbol: string, values: FitValues): boolean {
    let row = this.rows.get(symbol);
    if (!row) this.rows.set(symbol, (row = { texts: FIELDS.map(() => ''), shapes: FIELDS.map(() => '') }));
    let changed = false;
    for (let i = 0; i < FIELDS.length; i++) {
      const field = FIELDS[i]!;
      const value = values[field];
      const text = typeof value === 'boolean' ? (value ? 'closed' : '') : value;
      if (text === row.texts[i]) continue;
      row.texts[i] = text;
      const shape = field === 'closed' ? text : shapeOf(text);
      if (shape === row.shapes[i]) continue;
      changed = this.move(field, row.shapes[i]!, shape) || changed;
      row.shapes[i] = shape;
    }
    return changed;
  }

  /** Forget a row; true when a field's set of shapes changed. */
  remove(symbol: string): boolean {
    const row = this.rows.get(symbol);
    if (!row) return false;
    this.rows.delete(symbol);
    let changed = false;
    for (let i = 0; i < FIELDS.length; i++) changed = this.move(FIELDS[i]!, row.shapes[i]!, '') || changed;
    return changed;
  }

  /** The shapes of a field that some row shows, in a stable order. */
  shapes(field: Field): string[] {
    return [...this.counts.get(field)!.keys()].sort();
  }

  /** Move one row from shape `from` to shape `to` of a field ('' is no value: not counted). */
  private move(field: Field, from: string, to: string): boolean {
    const counts = this.counts.get(field)!;
    let changed = false;
    if (from) {
      const left = (counts.get(from) ?? 1) - 1;
      if (left > 0) counts.set(from, left);
      else changed = counts.delete(from);
    }
    if (to) {
      const count = counts.get(to) ?? 0;
      counts.set(to, count + 1);
      changed ||= count === 0;
    }
    return changed;
  }
}

/** An element of the sizer (the document's own createElement: a widget's shadow root has none). */
function el(tag: string, className: string, attrs: Record<string, string> = {}, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The width fit of one quote table: counts its rows' shapes, draws them in the table's sizer and writes the
 * sizer's column widths on the table. `set` and `remove` are cheap when no shape changes (the common tick);
 * the sizer is redrawn at most once per task, in a microtask (before the browser lays out and paints).
 */
export class ColumnFit {
  private readonly counts = new ShapeCounts();
  private readonly cells = new Map<FitColumn, { head: HTMLElement; body: HTMLElement }>();
  private readonly widths: Partial<Record<FitColumn, number>> = {};
  private written = new Map<string, string>();
  private table: HTMLElement | null = null;
  private observer: ResizeObserver | null = null;
  private queued = false;

  private labels: FitLabels = fitLabels(() => '');

  constructor(private readonly layout: 'table' | 'logo') {}

  /**
   * Draw the sizer in `sizer` and write the widths on `table` from now on; returns the detach. Rows may report
   * before (a component's rows commit before the table).
   */
  attach(table: HTMLElement, sizer: HTMLElement): () => void {
    this.table = table;
    const columns = FIT_COLUMNS[this.layout].map((column) => {
      // A column of the sizer: its header as the header row draws it, above every shape its cells show.
      const wrap = el('div', 'tk-quotes__sizer-col', { 'data-col': column });
      const head = el('div', 'tk-quotes__row tk-quotes__row--head');
      const body = el('div', 'tk-quotes__row');
      wrap.append(head, body);
      this.cells.set(column, { head, body });
      return wrap;
    });
    sizer.replaceChildren(...columns);
    this.draw();
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver((entries) => this.measured(entries));
      for (const column of columns) observer.observe(column);
      this.observer = observer;
    }
    return () => {
      this.observer?.disconnect();
      this.observer = null;
      for (const name of this.written.keys()) table.style.removeProperty(name);
      this.written.clear();
      this.cells.clear();
      this.table = null;
      sizer.replaceChildren();
    };
  }

  /** A row shows these values. */
  set(symbol: string, values: FitValues): void {
    if (this.counts.set(symbol, values)) this.queue();
  }

  /** A row is gone. */
  remove(symbol: string): void {
    if (this.counts.remove(symbol)) this.queue();
  }

  /** The language changed: the headers and labels are redrawn. */
  setLabels(labels: FitLabels): void {
    if (
      Object.keys(labels).every(
        (key) => labels[key as keyof FitLabels] === this.labels[key as keyof FitLabels],
      )
    )
      return;
    this.labels = labels;
    this.queue();
  }

  private queue(): void {
    if (this.queued || !this.table) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      this.draw();
    });
  }

  /** Draw every column's header and shapes, in the markup and classes of the table's own cells. */
  private draw(): void {
    const { labels, counts } = this;
    if (!this.table) return;
    const price = (field: 'bid' | 'ask' | 'price') =>
      counts.shapes(field).map((shape) => {
        const span = el('span', 'tk-quotes__price tk-num', { part: field });
        span.append(el('span', 'tk-quotes__flash', {}, shape));
        return span;
      });
    const sub = (field: 'low' | 'high') =>
      counts.shapes(field).map((shape) => {
        const span = el('span', 'tk-quotes__sub tk-num');
        span.append(el('span', 'tk-quotes__sub-label', {}, `${labels[field]} `), shape);
        return span;
      });
    for (const [column, { head, body }] of this.cells) {
      let headCell: HTMLElement;
      let bodyCell: HTMLElement;
      if (column === 'time') {
        headCell = el('span', 'tk-quotes__cell tk-quotes__cell--time', {}, labels.time);
        bodyCell = el('div', 'tk-quotes__cell tk-quotes__cell--time tk-num');
        bodyCell.append(...counts.shapes('updated').map((shape) => el('div', '', {}, shape)));
      } else if (column === 'change') {
        headCell = el('span', 'tk-quotes__cell tk-quotes__cell--change', {}, labels.change);
        bodyCell = el('div', 'tk-quotes__cell tk-quotes__cell--change');
        bodyCell.append(
          ...counts
            .shapes('change')
            .map((shape) => el('span', 'tk-badge', { part: 'change', 'data-tone': 'flat' }, shape)),
        );
        if (counts.shapes('closed').length > 0)
          bodyCell.append(el('span', 'tk-quotes__closed', { part: 'closed' }, labels.closed));
      } else if (column === 'price') {
        headCell = el('span', 'tk-quotes__cell tk-quotes__cell--num', {}, labels.price);
        bodyCell = el('div', 'tk-quotes__cell tk-quotes__cell--num');
        bodyCell.append(...price('price'));
      } else {
        const [low, label] =
          column === 'bid' ? (['low', labels.bid] as const) : (['high', labels.ask] as const);
        headCell = el('span', 'tk-quotes__cell tk-quotes__cell--num', { 'data-sub': labels[low] }, label);
        bodyCell = el('div', 'tk-quotes__cell tk-quotes__cell--num');
        bodyCell.append(...price(column), ...sub(low));
      }
      head.replaceChildren(headCell);
      body.replaceChildren(bodyCell);
    }
  }

  /** The sizer's columns were laid out: write the widths that changed. */
  private measured(entries: ResizeObserverEntry[]): void {
    const table = this.table;
    if (!table) return;
    for (const entry of entries) {
      const column = (entry.target as HTMLElement).dataset.col as FitColumn;
      this.widths[column] = entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width;
    }
    const next = new Map(fitVariables(this.widths));
    for (const [name, value] of next)
      if (this.written.get(name) !== value) table.style.setProperty(name, value);
    for (const [name, value] of this.written) if (!next.has(name)) next.set(name, value);
    this.written = next;
  }
}
