/** The home page's top 3 symbols as cards (spec §2 Home): name, price, change, bid and ask. */
import { useMemo } from 'react';
import { changeDirection, topSymbols } from '../../../core/domain/quotes';
import { formatPercent, formatPrice } from '../../../core/domain/format';
import type { QuoteView } from '../../../core/runtime/types';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useT } from '../../../widgets/_shared/use-t';
import { useHost } from '../../host-context';
import { Link } from '../../routing/link';
import { isBuilt } from '../../routing/routes';

function Card({ quote }: { quote: QuoteView }) {
  const t = useT();
  const direction = changeDirection(quote.priceChangePercent);
  const p = quote.pricePrecision;
  const body = (
    <>
      <span className="host-top__name">{quote.name || quote.symbol}</span>
      <span className="host-top__price host-num" data-direction={direction}>
        {formatPrice(quote.price, p)}
      </span>
      <span className="host-top__badge host-num" data-direction={direction}>
        {formatPercent(quote.priceChangePercent)}
      </span>
      <dl className="host-top__quotes">
        <div>
          <dt>{t('quotes.bid')}</dt>
          <dd className="host-num">{formatPrice(quote.bidPrice, p)}</dd>
        </div>
        <div>
          <dt>{t('quotes.ask')}</dt>
          <dd className="host-num">{formatPrice(quote.askPrice, p)}</dd>
        </div>
      </dl>
    </>
  );
  return (
    <li
      className="host-top__card"
      data-testid="top-symbol"
      data-symbol={quote.symbol}
      data-direction={direction}
    >
      {isBuilt('chart') ? (
        <Link className="host-top__link" to={`/${encodeURIComponent(quote.symbol)}/chart`}>
          {body}
        </Link>
      ) : (
        <div className="host-top__link">{body}</div>
      )}
    </li>
  );
}

/**
 * A card's place while the first prices arrive: the card's own lines with blank values, so it has a card's
 * height and nothing below moves when the prices come (EK16). Hidden from assistive tech.
 */
function PlaceholderCard() {
  const t = useT();
  const blank = '\u00a0';
  return (
    <li
      className="host-top__card host-top__card--placeholder"
      data-testid="top-symbol-placeholder"
      aria-hidden="true"
    >
      <div className="host-top__link">
        <span className="host-top__name">{blank}</span>
        <span className="host-top__price host-num">{blank}</span>
        <span className="host-top__badge host-num">{blank}</span>
        <dl className="host-top__quotes">
          <div>
            <dt>{t('quotes.bid')}</dt>
            <dd className="host-num">{blank}</dd>
          </div>
          <div>
            <dt>{t('quotes.ask')}</dt>
            <dd className="host-num">{blank}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

const PLACEHOLDERS = [0, 1, 2];

/**
 * Section with the brand's home symbols (or the first three by rank) and a link to the full list. Until the
 * first prices arrive it holds three blank cards of the same size.
 */
export function TopSymbols() {
  const t = useT();
  const { atoms } = usePlatform();
  const { config } = useHost();
  const prices = useAtomValue(atoms.prices);
  const homeSymbols = config.brand.homeSymbols;
  const top = useMemo(() => topSymbols(prices.values(), homeSymbols, 3), [prices, homeSymbols]);
  return (
    <section className="host-section" aria-labelledby="host-top-title">
      <div className="host-section__head">
        <h2 id="host-top-title" className="host-section__title">
          {t('home.top_symbols')}
        </h2>
        <Link className="host-section__more" to="/quotation">
          {t('home.view_all')}
        </Link>
      </div>
      <ul className="host-top">
        {top.length > 0
          ? top.map((quote) => <Card key={quote.symbol} quote={quote} />)
          : PLACEHOLDERS.map((slot) => <PlaceholderCard key={slot} />)}
      </ul>
    </section>
  );
}
