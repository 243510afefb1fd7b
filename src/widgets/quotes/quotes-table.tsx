import type { QuoteView } from '../../core/runtime/types';
import type { Translate } from '../_shared/use-t';
import { QuoteRow } from './quote-row';
import { toRow } from './quotes.logic';
import type { RowContext } from './quotes.logic';

/** Props of QuotesTable. */
export interface QuotesTableProps {
  quotes: readonly QuoteView[];
  ctx: RowContext;
  layout: 'table' | 'logo';
  miniChart: boolean;
  t: Translate;
  onSelect: (symbol: string) => void;
}

/** The quote table: ARIA table semantics on a flex layout that container queries can reshape. */
export function QuotesTable({ quotes, ctx, layout, miniChart, t, onSelect }: QuotesTableProps) {
  return (
    <div className="tk-quotes__table" role="table" part="table" aria-label={t('nav.quotation')}>
      <div role="rowgroup">
        <div role="row" className="tk-quotes__row tk-quotes__row--head">
          <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--symbol">
            {t('quotes.symbol')}
          </span>
          {layout === 'table' ? (
            <>
              <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--time">
                {t('quotes.last_update')}
              </span>
              <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--num">
                {t('quotes.bid')}
              </span>
              <span role="columnheader" className="tk-quotes__cell tk-quotes__cell--num">
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
      <div role="rowgroup">
        {quotes.map((q) => (
          <QuoteRow
            key={q.symbol}
            row={toRow(q, ctx)}
            livePrice={q.price}
            liveTime={q.lastUpdate}
            layout={layout}
            miniChart={miniChart}
            t={t}
            onSelect={onSelect}
          />
        ))}
      </div>
    </div>
  );
}
