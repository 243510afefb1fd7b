/** Quotation list (spec §2): tabs per trade category; template 1 on mobile with singleTrade shows one tab. */
import { CATEGORY_KEYS, type CategoryId } from '../../../core/contract';
import { useT } from '../../../widgets/_shared/use-t';
import { Quotes } from '../../../widgets/quotes';
import { useHost } from '../../host-context';
import { Link } from '../../routing/link';
import { useRoute } from '../../routing/router';
import { SymbolDetail } from '../../shells/desktop/symbol-detail';
import { useIsDesktop } from '../../shells/use-media-query';
import { ChevronLeftIcon } from '../../ui/icons';
import { useSetAlert } from '../set-alert';
import { useOpenSymbol } from '../use-open-symbol';
import './quotation.css';

/** The one category to show: only for template 1 on mobile, and only a category of the brand's list. */
export function singleTradeOf(
  query: string | undefined,
  template: number,
  desktop: boolean,
  tradeList: readonly CategoryId[],
): CategoryId | null {
  if (desktop || template !== 1 || !query || !/^\d+$/.test(query)) return null;
  const type = Number(query) as CategoryId;
  return tradeList.includes(type) ? type : null;
}

/** The quotation page. */
export function QuotationPage() {
  const t = useT();
  const { query } = useRoute();
  const desktop = useIsDesktop();
  const { config, theme, symbol } = useHost();
  const openSymbol = useOpenSymbol();
  const setAlert = useSetAlert();
  const single = singleTradeOf(query.singleTrade, config.brand.template, desktop, config.brand.tradeList);
  const title = single ? t(`category.${CATEGORY_KEYS[single]}`) : t('nav.quotation');

  return (
    <div className="host-quotation" data-testid="quotation" data-desktop={desktop || undefined}>
      <header className="host-quotation__header">
        {single ? (
          <Link className="host-icon-btn host-quotation__back" to="/" aria-label={t('common.back')}>
            <ChevronLeftIcon />
          </Link>
        ) : null}
        <h1 className="host-quotation__title">{title}</h1>
      </header>
      <div className="host-quotation__body">
        <div className="host-panel host-quotation__list">
          <Quotes
            theme={theme}
            category={single ? String(single) : undefined}
            miniChart
            selected={desktop ? (symbol ?? undefined) : undefined}
            onSymbolSelect={openSymbol}
            setAlert={setAlert}
          />
        </div>
        {desktop && symbol ? <SymbolDetail symbol={symbol} /> : null}
      </div>
    </div>
  );
}
