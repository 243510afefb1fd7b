/**
 * Mobile chart page (spec §2 Chart page): <Chart> full width with its product header, tools and the
 * sell/buy buttons, which open the order form of the trade mode (market: `/place`, option: `/placeOption`);
 * the account badge in the header and, when the brand offers both, the trade-mode switch under the buttons.
 */
import { useT } from '../../../widgets/_shared/use-t';
import { Chart, whenChartReady } from '../../../widgets/chart';
import { AccountBadge } from '../../account/account-badge';
import { useHost } from '../../host-context';
import { OneClickSwitch } from '../../one-click/one-click-switch';
import { useOneClick } from '../../one-click/use-one-click';
import { navigate } from '../../routing/history';
import { Link } from '../../routing/link';
import { chartPath, normalizeSymbol, tradePath } from '../../routing/paths';
import { useRoute } from '../../routing/router';
import { SearchIcon } from '../../ui/icons';
import { ModeSwitch } from '../../ui/mode-switch';
import { PageBar } from '../../ui/page-bar';
import { useKnownSymbol } from '../use-known-symbol';
import './chart-page.css';

/** The page's code is complete once the chart's body and header are (registry.ts `whenReady`, EK28). */
export const whenReady = whenChartReady;

/** The chart page of `/{symbol}/chart`. */
export function ChartPage() {
  const t = useT();
  const { params } = useRoute();
  const symbol = normalizeSymbol(params.symbol);
  const { theme, setTheme, colorScheme, setColorScheme, tradeMode } = useHost();
  useKnownSymbol(symbol);
  const oneClick = useOneClick();
  const actions = (
    <>
      <AccountBadge />
      <Link className="host-icon-btn" to="/search" aria-label={t('nav.search')} title={t('nav.search')}>
        <SearchIcon />
      </Link>
    </>
  );
  return (
    <div className="host-chart-page" data-testid="chart-page" data-symbol={symbol}>
      <PageBar title={symbol} actions={actions} />
      <div className="host-chart-page__chart">
        <Chart
          symbol={symbol}
          theme={theme}
          colorScheme={colorScheme}
          tradeMode={tradeMode}
          onSymbolSelect={({ symbol: next }) => navigate(chartPath(next), { replace: true })}
          // Buy/sell (Up/Down in option mode) opens the order form of the trade mode, or places at once while
          // one-click trading is on (OT12).
          onTrade={({ symbol: s, direction }) =>
            oneClick.trade(s, direction) || navigate(tradePath(tradeMode, s, direction))
          }
          onThemeChange={({ theme: next }) => setTheme(next)}
          onColorSchemeChange={({ id }) => setColorScheme(id)}
        />
      </div>
      {oneClick.available ? (
        <div className="host-chart-page__one-click">
          <OneClickSwitch oneClick={oneClick} symbol={symbol} />
        </div>
      ) : null}
      {/* Right under the sell/buy bar, whose buttons it turns into up/down (issue #12). */}
      <div className="host-chart-page__modes">
        <ModeSwitch compact />
      </div>
    </div>
  );
}
