import { memo, type KeyboardEvent } from 'react';
import { Badge } from '../_shared/badge';
import type { Translate } from '../_shared/use-t';
import { MiniChart } from './mini-chart';
import type { QuoteRow as Row } from './quote-row.logic';
import { useFlash } from './use-flash';

/** Props of QuoteRow. */
export interface QuoteRowProps {
  row: Row;
  /** Raw price and its time for the mini chart's live points. */
  livePrice: string;
  liveTime: number;
  layout: 'table' | 'logo';
  miniChart: boolean;
  /** The host's selected symbol: highlighted and announced as the current row. */
  selected: boolean;
  t: Translate;
  onSelect: (symbol: string) => void;
}

/** A price in the colour of its last move (QF1); a stale or closed row's colour wins over it. */
function FlashPrice({ value, field }: { value: string; field: 'bid' | 'ask' | 'price' }) {
  const flash = useFlash(value);
  return (
    <span className="tk-quotes__price tk-num" data-field={field} part={field}>
      <span className="tk-quotes__flash" data-move={flash.move ?? undefined}>
        {value}
      </span>
    </span>
  );
}

/**
 * Whether a row would render the same: its props, and its view model field by field (the table builds a new
 * one per render). A message that moves some prices re-renders those rows only, not a thousand (EK18).
 */
export function sameRow(a: QuoteRowProps, b: QuoteRowProps): boolean {
  for (const key of Object.keys(a) as (keyof QuoteRowProps)[])
    if (key !== 'row' && a[key] !== b[key]) return false;
  for (const key of Object.keys(a.row) as (keyof Row)[]) if (a.row[key] !== b.row[key]) return false;
  return true;
}

/** One focusable quote row; Enter or Space selects it like a click. */
export const QuoteRow = memo(function QuoteRow({
  row,
  livePrice,
  liveTime,
  layout,
  miniChart,
  selected,
  t,
  onSelect,
}: QuoteRowProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(row.symbol);
  };
  return (
    <div
      className="tk-quotes__row"
      role="row"
      part={selected ? 'row row-selected' : 'row'}
      aria-current={selected || undefined}
      tabIndex={0}
      data-symbol={row.symbol}
      data-stale={row.stale ? 'true' : 'false'}
      data-closed={row.closed ? 'true' : 'false'}
      onClick={() => onSelect(row.symbol)}
      onKeyDown={onKeyDown}
    >
      <div className="tk-quotes__cell tk-quotes__cell--symbol" role="cell" part="symbol">
        {layout === 'logo' && row.logoUrl ? (
          <img className="tk-quotes__logo" src={row.logoUrl} alt="" width={24} height={24} loading="lazy" />
        ) : null}
        <span className="tk-quotes__names">
          <span className="tk-quotes__name">{row.name}</span>
          <span className="tk-quotes__code">
            {row.name !== row.symbol ? row.symbol : null}
            {row.stale ? (
              <Badge tone="stale" part="stale" title={t('quotes.stale_hint')}>
                {t('quotes.stale')}
              </Badge>
            ) : null}
          </span>
        </span>
      </div>
      {layout === 'table' ? (
        <>
          <div className="tk-quotes__cell tk-quotes__cell--time tk-num" role="cell">
            {row.updated}
          </div>
          <div className="tk-quotes__cell tk-quotes__cell--num" role="cell">
            <FlashPrice value={row.bid} field="bid" />
            <span className="tk-quotes__sub tk-num">
              <span className="tk-quotes__sub-label">{t('quotes.low')} </span>
              {row.low}
            </span>
          </div>
          <div className="tk-quotes__cell tk-quotes__cell--num" role="cell">
            <FlashPrice value={row.ask} field="ask" />
            <span className="tk-quotes__sub tk-num">
              <span className="tk-quotes__sub-label">{t('quotes.high')} </span>
              {row.high}
            </span>
          </div>
        </>
      ) : (
        <div className="tk-quotes__cell tk-quotes__cell--num" role="cell">
          <FlashPrice value={row.price} field="price" />
        </div>
      )}
      <div className="tk-quotes__cell tk-quotes__cell--change" role="cell">
        <Badge tone={row.direction} part="change" data-field="change" data-direction={row.direction}>
          {row.change}
        </Badge>
        {/* Under the change, not beside the code: a narrow symbol column keeps every row two lines high. */}
        {row.closed ? (
          <span className="tk-quotes__closed" part="closed">
            {t('quotes.closed')}
          </span>
        ) : null}
      </div>
      {miniChart ? (
        <div className="tk-quotes__cell tk-quotes__cell--chart" role="cell">
          <MiniChart symbol={row.symbol} price={livePrice} time={liveTime} />
        </div>
      ) : null}
    </div>
  );
}, sameRow);
