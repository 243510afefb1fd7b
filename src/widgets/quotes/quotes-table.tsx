import type { QuoteView } from '../../core/runtime/types';
import type { Translate } from '../_shared/use-t';
import { usePartCss } from '../_shared/widget-host';
import { QuoteRow } from './quote-row';
import css from './quotes-table.css?inline';
import { toRow } from './quote-row.logic';
import type { RowContext } from './quote-row.logic';

/** Props of QuotesTable. */
export interface QuotesTableProps {
  quotes: readonly QuoteView[];
  ctx: RowContext;
  layout: 'table' | 'logo';
  miniChart: boolean;
  /** The selected symbol, if any. */
  selected: string | null;
  t: Translate;
  onSelect: (symbol: string) => void;
}

/**
 * The quote table: ARIA table semantics on a CSS grid whose rows are subgrids, so every column is as wide as
 * its widest price and only the symbol column gives way; container queries drop columns in narrow space.
 */
export function QuotesTable({ quotes, ctx, layout, miniChart, selected, t, onSelect }: QuotesTableProps) {
  usePartCss('quotes-table', css, true);
  return (
    <div
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
              <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--time">
                {t('quotes.last_update')}
              </span>
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
          {miniChart ? (
            <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--chart">
              <span className="tk-visually-hidden">{t('quotes.chart_30m')}</span>
            </span>
          ) : null}
        </div>
      </div>
      <div role="rowgroup" className="tk-quotes__group">
        {quotes.map((q) => (
          <QuoteRow
            key={q.symbol}
            row={toRow(q, ctx)}
            livePrice={q.price}
            liveTime={q.lastUpdate}
            layout={layout}
            miniChart={miniChart}
            selected={q.symbol === selected}
            t={t}
            onSelect={onSelect}
          />
        ))}
      </div>
    </div>
  );
}
