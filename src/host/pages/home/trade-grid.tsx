/** Template 1 home: one icon per trade category, each opening the quotation list on that category. */
import { CATEGORY_KEYS } from '../../../core/contract';
import { useT } from '../../../widgets/_shared/use-t';
import { useHost } from '../../host-context';
import { Link } from '../../routing/link';
import { CategoryIcon } from '../../ui/category-icons';

/** Grid of the brand's trade categories (4–5 icons). */
export function TradeGrid() {
  const t = useT();
  const { config } = useHost();
  return (
    <nav className="host-trade-grid" aria-label={t('nav.markets')}>
      {config.brand.tradeList.map((type) => (
        <Link key={type} className="host-trade-grid__item" to={`/quotation?singleTrade=${type}`}>
          <span className="host-trade-grid__icon" data-type={type}>
            <CategoryIcon type={type} />
          </span>
          <span className="host-trade-grid__label">{t(`category.${CATEGORY_KEYS[type]}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
