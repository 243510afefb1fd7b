/** Desktop quotation page: the selected symbol's live detail (spec §2: name, price, change, bid/ask, high/low). */
import { CATEGORY_KEYS } from '../../../core/contract';
import { formatPercent, formatPrice, formatTime, formatVolume } from '../../../core/domain/format';
import { changeDirection } from '../../../core/domain/quotes';
import { spreadOf } from '../../../core/domain/spread';
import { isQuoteStale } from '../../../core/runtime/platform';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { spreadText } from '../../../widgets/_shared/spread-text';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useT } from '../../../widgets/_shared/use-t';
import { useHost } from '../../host-context';
import './symbol-detail.css';

/** Volume is not shown for commodities (2) and forex (3) (spec §2 chart page). */
const NO_VOLUME = new Set([2, 3]);

/** Detail card of one symbol (beside the desktop quotation list). */
export function SymbolDetail({ symbol }: { symbol: string }) {
  const t = useT();
  const platform = usePlatform();
  const { config } = useHost();
  const prices = useAtomValue(platform.atoms.prices);
  const now = useAtomValue(platform.atoms.clock);
  const feed = useAtomValue(platform.atoms.feedState);
  const q = prices.get(symbol);
  if (!q) {
    return (
      <section className="host-detail" data-testid="symbol-detail" data-symbol={symbol}>
        <p className="host-detail__empty">{t('quotes.empty')}</p>
      </section>
    );
  }
  const p = q.pricePrecision;
  const direction = changeDirection(q.priceChangePercent);
  const stale = q.marketOpen && isQuoteStale(q, now, feed, platform.staleAfterMs);
  const logo = q.logoUrl ? new URL(q.logoUrl, `${platform.origin}/`).href : null;
  const stats: Array<[string, string]> = [
    [t('quotes.high'), formatPrice(q.highPrice, p)],
    [t('quotes.low'), formatPrice(q.lowPrice, p)],
    [t('quotes.change'), formatPercent(q.priceChangePercent)],
    ...(NO_VOLUME.has(q.type)
      ? []
      : ([[t('quotes.volume'), formatVolume(q.volume)]] as Array<[string, string]>)),
  ];

  return (
    <section
      className="host-detail"
      data-testid="symbol-detail"
      data-symbol={q.symbol}
      aria-labelledby="host-detail-name"
    >
      <header className="host-detail__head">
        {logo ? <img className="host-detail__logo" src={logo} alt="" width={40} height={40} /> : null}
        <div className="host-detail__names">
          <h2 id="host-detail-name" className="host-detail__name">
            {q.name || q.symbol}
          </h2>
          <span className="host-detail__code">
            {q.symbol} · {t(`category.${CATEGORY_KEYS[q.type]}`)}
          </span>
        </div>
        <span className="host-detail__status" data-open={q.marketOpen}>
          {t(q.marketOpen ? 'status.open' : 'status.closed')}
        </span>
      </header>

      <div className="host-detail__quote" data-stale={stale || undefined}>
        <span className="host-detail__price host-num" data-direction={direction}>
          {formatPrice(q.price, p)}
        </span>
        <span className="host-detail__change host-num" data-direction={direction}>
          {formatPercent(q.priceChangePercent)}
        </span>
        {stale ? (
          <span className="host-detail__stale" title={t('quotes.stale_hint')}>
            {t('quotes.stale')}
          </span>
        ) : null}
      </div>
      <p className="host-detail__time">
        {t('quotes.last_update')}{' '}
        <span className="host-num">{formatTime(q.lastUpdate, undefined, config.brand.timezone)}</span>
      </p>

      <div className="host-detail__book">
        <div className="host-detail__side" data-side="bid">
          <span className="host-detail__side-label">{t('quotes.bid')}</span>
          <strong className="host-num">{formatPrice(q.bidPrice, p)}</strong>
        </div>
        <div className="host-detail__spread">
          <span>{t('quotes.spread')}</span>
          <span className="host-num" data-testid="detail-spread">
            {spreadText(
              spreadOf(q.bidPrice, q.askPrice, { productCode: q.symbol, type: q.type, precision: p }),
              t,
            )}
          </span>
        </div>
        <div className="host-detail__side" data-side="ask">
          <span className="host-detail__side-label">{t('quotes.ask')}</span>
          <strong className="host-num">{formatPrice(q.askPrice, p)}</strong>
        </div>
      </div>

      <dl className="host-detail__stats">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="host-num">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
