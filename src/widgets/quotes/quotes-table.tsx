import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Translate } from '../_shared/use-t';
import { usePartCss } from '../_shared/widget-host';
import { QuoteRow } from './quote-row';
import type { RowLabels } from './quote-row';
import type { QuoteBook } from './quote-book';
import { ColumnFit, fitLabels } from './column-fit';
import css from './quotes-table.css?inline';
import type { QuotesProps } from './quotes';
import type { RowContext } from './quote-row.logic';

/** Props of QuotesTable. */
export interface QuotesTableProps {
  /** The rows, in order: each row shows its symbol's latest quote from `book`. */
  rows: readonly { symbol: string }[];
  book: QuoteBook;
  ctx: RowContext;
  layout: 'table' | 'logo';
  miniChart: boolean;
  /** The selected symbol, if any. */
  selected: string | null;
  t: Translate;
  onSelect: (symbol: string) => void;
  /** A host offering price alerts: the rows' "Set alert" button (absent: no button). */
  setAlert?: QuotesProps['setAlert'];
}

/**
 * Rows per chunk. React reaches a row that heard its quote through the row's parent, passing each of that
 * parent's other children: under one parent a thousand per message. In chunks of 32 it passes the chunks and
 * one chunk's rows (EK22). Chunks draw no element of their own.
 */
const CHUNK = 32;

type RowChunkProps = QuotesTableProps & { labels: RowLabels; fit: ColumnFit; time: boolean };

/**
 * The widths (CSS px) at or below which quotes-table.css's container queries hide the time column and the mini
 * charts. The table does not draw what they hide (EK29): on a phone the rows would format a time (Intl's first
 * formatter) and fetch and draw a chart per row for nothing.
 */
export const NO_TIME_AT = 560;
export const NO_CHART_AT = 440;

/** The content-box width of the widget's container (`.tk-quotes`), as its container queries read it. */
function containerWidth(root: Element): number {
  const style = getComputedStyle(root);
  return (
    root.clientWidth - (parseFloat(style.paddingInlineStart) || 0) - (parseFloat(style.paddingInlineEnd) || 0)
  );
}

/** Which of the columns the container queries can hide a container of `width` shows (0: no layout, all). */
type Room = 'all' | 'no-time' | 'no-chart';
function roomAt(width: number): Room {
  if (width === 0 || width > NO_TIME_AT) return 'all';
  return width > NO_CHART_AT ? 'no-time' : 'no-chart';
}

/**
 * The room known before any layout: a viewport no wider than NO_CHART_AT leaves no container wider (a phone's
 * page), so the rows render with the table — in the render that mounts it, which a page's transition slices —
 * instead of in the first frame's observer notice (EK64). Unknown otherwise (null); the observer corrects a guess
 * a container wider than its viewport proves wrong.
 */
function roomBeforeLayout(): Room | null {
  return globalThis.matchMedia?.(`(max-width: ${NO_CHART_AT}px)`).matches ? 'no-chart' : null;
}

/**
 * The room the container leaves, followed: null until measured (the rows wait for it) unless the viewport told it.
 * Kept as the band, not the width, so that a resize re-renders the table only where a column comes or goes.
 *
 * In a browser the first measure is the observer's first notice, which comes after the frame's layout and before
 * its paint: the rows render there, in the frame's own task and without a layout of their own, instead of in the
 * task that mounted the table (a socket message's or a page's start), which the forced layout and the rows made
 * one long task (EK36). `flushSync` keeps them in that frame: React would otherwise render them in a task after
 * the paint, which would show a frame of the table without rows. A container without a box (display: none) gets
 * no first notice; a frame later it is measured as before.
 */
function useContainerRoom(table: { current: HTMLElement | null }): Room | null {
  const [room, setRoom] = useState<Room | null>(roomBeforeLayout);
  useLayoutEffect(() => {
    const root = table.current!.closest('.tk-quotes') ?? table.current!;
    const measure = () => setRoom(roomAt(containerWidth(root)));
    if (typeof ResizeObserver === 'undefined' || typeof requestAnimationFrame === 'undefined') {
      measure();
      return;
    }
    let frame = 0;
    // The observer's content box is the width the container queries read.
    const observer = new ResizeObserver(([entry]) => {
      cancelAnimationFrame(frame);
      flushSync(() => setRoom(roomAt(entry?.contentRect.width ?? 0)));
    });
    observer.observe(root);
    frame = requestAnimationFrame(() => (frame = requestAnimationFrame(measure)));
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [table]);
  return room;
}

/** A run of rows of the table. */
const RowChunk = memo(function RowChunk({ rows, selected, ...props }: RowChunkProps) {
  return rows.map(({ symbol }) => (
    <QuoteRow key={symbol} symbol={symbol} selected={symbol === selected} {...props} />
  ));
});

/**
 * The quote table: ARIA table semantics on rows that are each a grid of one track list, whose value columns
 * are as wide as their widest header or value in any row (column-fit.ts, EK26) and only the symbol column
 * gives way; container queries drop columns in narrow space.
 */
export function QuotesTable(props: QuotesTableProps) {
  const { rows, book, ctx, layout, miniChart, selected, t, onSelect, setAlert } = props;
  usePartCss('quotes-table', css, true);
  const chunks = useMemo(() => {
    const list = [];
    for (let i = 0; i < rows.length; i += CHUNK) list.push(rows.slice(i, i + CHUNK));
    return list;
  }, [rows]);
  const labels = useMemo(
    () => ({ low: t('quotes.low'), high: t('quotes.high'), chart: t('quotes.chart_30m') }),
    [t],
  );
  const table = useRef<HTMLDivElement>(null);
  const sizer = useRef<HTMLDivElement>(null);
  const room = useContainerRoom(table);
  const time = layout === 'table' && room === 'all';
  const chart = miniChart && (room === 'all' || room === 'no-time');
  // One fit per layout (its columns differ); the rows report their values to it. Labels before the attach.
  const fit = useMemo(() => new ColumnFit(layout), [layout]);
  useLayoutEffect(() => fit.setLabels(fitLabels(t)), [fit, t]);
  useLayoutEffect(() => fit.attach(table.current!, sizer.current!), [fit]);
  return (
    <div
      ref={table}
      className="tk-quotes__table"
      role="table"
      part="table"
      aria-label={t('nav.quotation')}
      data-layout={layout}
      data-chart={miniChart}
    >
      <div role="rowgroup" className="tk-quotes__group">
        <div role="row" className="tk-quotes__row tk-quotes__row--head">
          <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--symbol">
            {t('quotes.symbol')}
          </span>
          {layout === 'table' ? (
            <>
              {time ? (
                <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--time">
                  {t('quotes.last_update')}
                </span>
              ) : null}
              {/* data-sub names the low/high line where the rows drop their labels (narrowest widths). */}
              <span
                role="columnheader"
                className="tk-quotes__cell tk-quotes__cell--num"
                data-sub={t('quotes.low')}
              >
                {t('quotes.bid')}
              </span>
              <span
                role="columnheader"
                className="tk-quotes__cell tk-quotes__cell--num"
                data-sub={t('quotes.high')}
              >
                {t('quotes.ask')}
              </span>
            </>
          ) : (
            <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--num">
              {t('quotes.price')}
            </span>
          )}
          <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--change">
            {t('quotes.change')}
          </span>
          {chart ? (
            <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--chart">
              <span className="tk-visually-hidden">{t('quotes.chart_30m')}</span>
            </span>
          ) : null}
        </div>
      </div>
      <div role="rowgroup" className="tk-quotes__group">
        {room === null
          ? null
          : chunks.map((chunk, i) => (
              <RowChunk
                // By place: a symbol added to the list moves only the rows at the chunks' edges to another chunk.
                key={i}
                rows={chunk}
                book={book}
                ctx={ctx}
                layout={layout}
                miniChart={chart}
                time={time}
                labels={labels}
                fit={fit}
                selected={selected}
                t={t}
                onSelect={onSelect}
                setAlert={setAlert}
              />
            ))}
      </div>
      {/* Hidden copies of the headers and of every shape of value the rows show: their widths are the columns'. */}
      <div ref={sizer} className="tk-quotes__sizer" aria-hidden="true" />
    </div>
  );
}
