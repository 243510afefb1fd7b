/**
 * Mobile chart page (spec §2 Chart page): <Chart> full width with its product header, tools and the
 * sell/buy buttons, which open the market order form of the symbol.
 */
import { useT } from '../../../widgets/_shared/use-t';
import { Chart } from '../../../widgets/chart';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { Link } from '../../routing/link';
import { chartPath, normalizeSymbol, placePath } from '../../routing/paths';
import { useRoute } from '../../routing/router';
import { SearchIcon } from '../../ui/icons';
import { showNotice } from '../../ui/notice';
import { PageBar } from '../../ui/page-bar';
import { useKnownSymbol } from '../use-known-symbol';
import './chart-page.css';

/** The chart page of `/{symbol}/chart`. */
export function ChartPage() {
  const t = useT();
  const { params } = useRoute();
  const symbol = normalizeSymbol(params.symbol);
  const { theme, setTheme, colorScheme, setColorScheme, tradeMode } = useHost();
  useKnownSymbol(symbol);
  const search = (
    <Link className="host-icon-btn" to="/search" aria-label={t('nav.search')} title={t('nav.search')}>
      <SearchIcon />
    </Link>
  );
  return (
    <div className="host-chart-page" data-testid="chart-page" data-symbol={symbol}>
      <PageBar title={symbol} actions={search} />
      <div className="host-chart-page__chart">
        <Chart
          symbol={symbol}
          theme={theme}
          colorScheme={colorScheme}
          onSymbolSelect={({ symbol: next }) => navigate(chartPath(next), { replace: true })}
          onTrade={({ symbol: s, direction }) =>
            // Spec §5: buy/sell is blocked with a notice in a mode without an order form for it.
            tradeMode === 'market' ? navigate(placePath(s, direction)) : showNotice('mode.market_only')
          }
          onThemeChange={({ theme: next }) => setTheme(next)}
          onColorSchemeChange={({ id }) => setColorScheme(id)}
        />
      </div>
    </div>
  );
}
