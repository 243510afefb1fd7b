/** Desktop home: quotation list on the left, the selected symbol's detail in the main panel. */
import { useT } from '../../../widgets/_shared/use-t';
import { Quotes } from '../../../widgets/quotes/quotes';
import { useHost } from '../../host-context';
import { useOpenSymbol } from '../../pages/use-open-symbol';
import { SymbolDetail } from './symbol-detail';

/** The trading layout; the chart and order form of later issues join the main panel. */
export function TradingLayout() {
  const t = useT();
  const { theme, symbol } = useHost();
  const openSymbol = useOpenSymbol();
  return (
    <div className="host-trading">
      <aside className="host-trading__list host-panel" aria-label={t('nav.quotation')}>
        <Quotes theme={theme} miniChart={false} selected={symbol ?? undefined} onSymbolSelect={openSymbol} />
      </aside>
      <div className="host-trading__main">{symbol ? <SymbolDetail symbol={symbol} /> : null}</div>
    </div>
  );
}
