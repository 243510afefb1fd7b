import { memo, useLayoutEffect, useReducer, useRef, type KeyboardEvent } from 'react';
import { Badge } from '../_shared/badge';
import type { Translate } from '../_shared/use-t';
import { MiniChart } from './mini-chart';
import type { QuoteBook } from './quote-book';
import type { QuotesProps } from './quotes';
import type { ColumnFit } from './column-fit';
import { LiveCells } from './live-cells';
import { isRowStale, toRow } from './quote-row.logic';
import type { QuoteRow as QuoteRowView, RowContext } from './quote-row.logic';

/** Props of QuoteRow. */
export interface QuoteRowProps {
  symbol: string;
  /** Where the row reads its symbol's quote, and hears it change. */
  book: QuoteBook;
  /** The clock, the feed's state and the rest a row is drawn with: new every second. */
  ctx: RowContext;
  layout: 'table' | 'logo';
  miniChart: boolean;
  /** The table layout's time column is drawn (not where the container is too narrow for it, EK29). */
  time: boolean;
  /** The strings every row shows, translated once per table rather than per row and message. */
  labels: RowLabels;
  /** Where the row reports the values that size the table's columns (EK26). */
  fit: ColumnFit;
  /** The host's selected symbol: highlighted and announced as the current row. */
  selected: boolean;
  t: Translate;
  onSelect: (symbol: string) => void;
  /** A host offering price alerts: the row's "Set alert" button (its texts, and what it opens). */
  setAlert?: QuotesProps['setAlert'];
}

/** See QuoteRowProps.labels. */
export interface RowLabels {
  low: string;
  high: string;
  chart: string;
}

/** A price cell: its text and the colour of its last move (QF1) are written by the row (LiveCells). */
function PriceCell({ field }: { field: 'bid' | 'ask' | 'price' }) {
  return (
    <span className="tk-quotes__price tk-num" data-field={field} part={field}>
      <span className="tk-quotes__flash" />
    </span>
  );
}

/** Whether two views of a row draw the same elements: what differs between them is only written (EK38). */
export function sameShape(a: QuoteRowView, b: QuoteRowView): boolean {
  return (
    a.symbol === b.symbol &&
    a.name === b.name &&
    a.stale === b.stale &&
    a.closed === b.closed &&
    a.logoUrl === b.logoUrl
  );
}

/**
 * Whether the table's new props leave a row as it is. The row hears its own quote (EK22); of the context that
 * is new every second it only shows whether the quote is delayed, so a tick of the clock re-renders the rows
 * that turn delayed or fresh, not a thousand.
 */
export function sameRow(a: QuoteRowProps, b: QuoteRowProps): boolean {
  for (const key of Object.keys(a) as (keyof QuoteRowProps)[])
    if (key !== 'ctx' && a[key] !== b[key]) return false;
  if (a.ctx === b.ctx) return true;
  const { now: _a, feedState: _fa, ...was } = a.ctx;
  const { now: _b, feedState: _fb, ...is } = b.ctx;
  for (const key of Object.keys(is) as (keyof typeof is)[]) if (was[key] !== is[key]) return false;
  const quote = b.book.get(b.symbol);
  return !quote || isRowStale(quote, a.ctx) === isRowStale(quote, b.ctx);
}

/**
 * One focusable quote row; Enter or Space selects it like a click. It hears its own quote (EK22) and writes a
 * tick's values into its cells (EK38); it renders again only when the tick changes what it draws.
 */
export const QuoteRow = memo(function QuoteRow(props: QuoteRowProps) {
  const { symbol, book, ctx, layout, miniChart, time, labels, fit, selected, t, onSelect, setAlert } = props;
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const element = useRef<HTMLDivElement>(null);
  const cells = useRef<LiveCells | null>(null);
  const latest = useRef(props);
  const quote = book.get(symbol);
  const row = quote ? toRow(quote, ctx, layout, time) : null;
  /** The quote and the view this render drew. */
  const drawn = useRef({ quote, row });
  /** Show the symbol's latest quote: written into the cells, or a render when it changes what is drawn. */
  const show = useRef(() => {
    const { book: from, symbol: of, ctx: now, layout: as, time: timed, fit: widths } = latest.current;
    const latestQuote = from.get(of);
    const was = drawn.current;
    const view =
      latestQuote === was.quote ? was.row : latestQuote ? toRow(latestQuote, now, as, timed) : null;
    if (!view || !was.row) {
      if (view !== was.row) redraw();
      return;
    }
    if (!sameShape(view, was.row)) return redraw();
    cells.current?.write(view);
    // Cheap unless a value takes a shape no other row shows (column-fit.ts).
    widths.set(of, view);
  }).current;
  // After every render, before paint: the cells this render drew, and the latest quote in them.
  useLayoutEffect(() => {
    latest.current = props;
    drawn.current = { quote, row };
    if (element.current) (cells.current ??= new LiveCells()).attach(element.current);
    show();
  });
  useLayoutEffect(() => book.subscribe(symbol, show), [book, symbol, show]);
  useLayoutEffect(() => () => fit.remove(symbol), [fit, symbol]);
  // The table lists the symbols of the book, so a row has its quote; the book never drops one it listed.
  if (!quote || !row) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(symbol);
  };
  return (
    <div
      ref={element}
      className="tk-quotes__row"
      role="row"
      part={selected ? 'row row-selected' : 'row'}
      aria-current={selected || undefined}
      tabIndex={0}
      data-symbol={row.symbol}
      data-stale={row.stale ? 'true' : 'false'}
      data-closed={row.closed ? 'true' : 'false'}
      onClick={() => onSelect(symbol)}
      onKeyDown={onKeyDown}
    >
      <div className="tk-quotes__cell tk-quotes__cell--symbol" role="cell" part="symbol">
        {layout === 'logo' && row.logoUrl ? (
          <img className="tk-quotes__logo" src={row.logoUrl} alt="" width={24} height={24} loading="lazy" />
        ) : null}
        <span className="tk-quotes__names">
          <span className="tk-quotes__name">{row.name}</span>
          <span className="tk-quotes__code">
            {row.name !== row.symbol ? <span className="tk-quotes__symbol">{row.symbol}</span> : null}
            {row.stale ? (
              <Badge tone="stale" part="stale" title={t('quotes.stale_hint')}>
                {t('quotes.stale')}
              </Badge>
            ) : null}
          </span>
        </span>
        {setAlert ? (
          // Its own button inside the row: a click or a key on it sets an alert and does not select the row.
          <button
            type="button"
            className="tk-quotes__alert"
            part="set-alert"
            aria-label={setAlert.label(row.symbol)}
            title={setAlert.text}
            onClick={(event) => {
              event.stopPropagation();
              setAlert.open(symbol, (book.get(symbol) ?? quote).bidPrice);
            }}
            onKeyDown={(event) => event.stopPropagation()}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        ) : null}
      </div>
      {layout === 'table' ? (
        <>
          {time ? <div className="tk-quotes__cell tk-quotes__cell--time tk-num" role="cell" /> : null}
          <div className="tk-quotes__cell tk-quotes__cell--num" role="cell">
            <PriceCell field="bid" />
            <span className="tk-quotes__sub tk-num">
              <span className="tk-quotes__sub-label">{labels.low} </span>
            </span>
          </div>
          <div className="tk-quotes__cell tk-quotes__cell--num" role="cell">
            <PriceCell field="ask" />
            <span className="tk-quotes__sub tk-num">
              <span className="tk-quotes__sub-label">{labels.high} </span>
            </span>
          </div>
        </>
      ) : (
        <div className="tk-quotes__cell tk-quotes__cell--num" role="cell">
          <PriceCell field="price" />
        </div>
      )}
      <div className="tk-quotes__cell tk-quotes__cell--change" role="cell">
        {/* Its text, tone and direction are the row's to write (EK38). */}
        <Badge part="change" data-field="change" />
        {/* Under the change, not beside the code: a narrow symbol column keeps every row two lines high. */}
        {row.closed ? (
          <span className="tk-quotes__closed" part="closed">
            {t('quotes.closed')}
          </span>
        ) : null}
      </div>
      {miniChart ? (
        <div className="tk-quotes__cell tk-quotes__cell--chart" role="cell">
          <MiniChart symbol={symbol} book={book} label={labels.chart} />
        </div>
      ) : null}
    </div>
  );
}, sameRow);
