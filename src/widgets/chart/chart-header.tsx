import { memo, useId, useMemo } from 'react';
import { CATEGORY_KEYS } from '../../core/contract/types';
import type { CategoryId, PriceEntry, ProductInfo } from '../../core/contract/types';
import { Badge } from '../_shared/badge';
import { usePartCss } from '../_shared/widget-host';
import type { Translate } from '../_shared/use-t';
import type { MarketStatus, TradeBlock } from './chart.logic';
import headerCss from './chart-header.css?inline';
import { headerView } from './header.logic';
import type { HeaderView, SymbolOption } from './header.logic';

/** Props of ChartHeader. */
export interface ChartHeaderProps {
  symbol: string;
  view: HeaderView;
  options: readonly SymbolOption[];
  block: TradeBlock;
  status: MarketStatus | null;
  t: Translate;
  onSymbolChange: (symbol: string) => void;
  /** 0 buy, 1 sell. */
  onTrade: (direction: 0 | 1) => void;
  /** 'option': the buttons read Up and Down (they open the option form); else Sell and Buy. */
  tradeMode?: string | undefined;
}

const optionOf = (o: SymbolOption) => (
  <option key={o.symbol} value={o.symbol}>
    {o.name === o.symbol ? o.symbol : `${o.name} (${o.symbol})`}
  </option>
);

/** Consecutive options of one category, in order. */
function groups(options: readonly SymbolOption[]): Array<{ type: CategoryId | null; items: SymbolOption[] }> {
  const result: Array<{ type: CategoryId | null; items: SymbolOption[] }> = [];
  for (const option of options) {
    const last = result.at(-1);
    if (last && last.type === option.type) last.items.push(option);
    else result.push({ type: option.type, items: [option] });
  }
  return result;
}

/** The banner text of a blocked product: early trading, closed, or not tradable at all. */
function bannerKey(block: TradeBlock, status: MarketStatus | null): string {
  if (block === 'not_tradable') return 'chart.not_tradable';
  return status === 'early_trading' ? 'status.early_trading' : 'status.closed';
}

/**
 * The product header: name dropdown, price, change, last update, high/low/volume, sell/buy or closed.
 * Memoised: the chart's engine and data updates leave it alone.
 */
export const ChartHeader = memo(function ChartHeader({
  symbol,
  view,
  options,
  block,
  status,
  t,
  onSymbolChange,
  onTrade,
  tradeMode,
}: ChartHeaderProps) {
  const id = useId();
  const closed = block === 'closed' || block === 'not_tradable';
  // Buttons stay while the state is unknown, the quote is delayed or the brand does not trade in this mode: a tap
  // explains why nothing happens.
  const locked = block === 'unknown' || block === 'stale' || block === 'mode';
  const option = tradeMode === 'option';
  return (
    <header className="tk-chart__header" part="header">
      <div className="tk-chart__product">
        <label className="tk-visually-hidden" htmlFor={`${id}-symbol`}>
          {t('quotes.symbol')}
        </label>
        <select
          id={`${id}-symbol`}
          className="tk-chart__symbol"
          part="symbol-select"
          data-testid="symbol-select"
          value={symbol}
          onChange={(event) => onSymbolChange(event.target.value)}
        >
          {groups(options).map(({ type, items }) =>
            type === null ? (
              items.map(optionOf)
            ) : (
              <optgroup key={type} label={t(`category.${CATEGORY_KEYS[type]}`)}>
                {items.map(optionOf)}
              </optgroup>
            ),
          )}
        </select>
        <div className="tk-chart__quote">
          <span className="tk-chart__price tk-num" part="price" data-direction={view.direction}>
            {view.price}
          </span>
          <Badge tone={view.direction} part="change" data-field="change">
            {view.change}
          </Badge>
          <span className="tk-chart__updated tk-num" data-field="updated" title={t('quotes.last_update')}>
            {view.updated}
          </span>
        </div>
      </div>
      <dl className="tk-chart__stats" part="stats">
        <div>
          <dt>{t('quotes.high')}</dt>
          <dd className="tk-num" data-field="high">
            {view.high}
          </dd>
        </div>
        <div>
          <dt>{t('quotes.low')}</dt>
          <dd className="tk-num" data-field="low">
            {view.low}
          </dd>
        </div>
        {view.volume !== null ? (
          <div>
            <dt>{t('quotes.volume')}</dt>
            <dd className="tk-num" data-field="volume">
              {view.volume}
            </dd>
          </div>
        ) : null}
      </dl>
      {closed ? (
        <div
          className="tk-chart__closed"
          part="closed-banner"
          data-testid="closed-banner"
          data-reason={block}
        >
          {t(bannerKey(block, status))}
        </div>
      ) : (
        <div className="tk-chart__trade" part="trade">
          <button
            type="button"
            className="tk-chart__trade-button"
            part="sell"
            data-testid="sell"
            data-side="down"
            aria-disabled={locked || undefined}
            onClick={() => onTrade(1)}
          >
            <span>{t(option ? 'chart.trade.down' : 'quotes.sell')}</span>
            <span className="tk-num">{view.bid}</span>
          </button>
          <button
            type="button"
            className="tk-chart__trade-button"
            part="buy"
            data-testid="buy"
            data-side="up"
            aria-disabled={locked || undefined}
            onClick={() => onTrade(0)}
          >
            <span>{t(option ? 'chart.trade.up' : 'quotes.buy')}</span>
            <span className="tk-num">{view.ask}</span>
          </button>
        </div>
      )}
    </header>
  );
});

/** Props of LiveChartHeader: those of ChartHeader with the quote and product it shows instead of their view. */
export interface LiveChartHeaderProps extends Omit<ChartHeaderProps, 'view'> {
  quote: PriceEntry | undefined;
  product: ProductInfo | null | undefined;
  timeZone: string | null;
}

/**
 * The header as <tk-chart> renders it: it formats the quote itself and writes its CSS after the chart's, so
 * the price formatting and the header's rules load with the header's chunk, after the chart's first paint.
 */
export function LiveChartHeader({ quote, product, timeZone, ...props }: LiveChartHeaderProps) {
  usePartCss('chart-header', headerCss, true);
  const { symbol } = props;
  const view = useMemo(
    () => headerView(symbol, quote, product, timeZone),
    [symbol, quote, product, timeZone],
  );
  return <ChartHeader {...props} view={view} />;
}
