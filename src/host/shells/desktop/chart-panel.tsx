/** Desktop main panel: the selected symbol's <Chart>, driven by the top bar's selectors. */
import { Chart, type TradeDetail } from '../../../widgets/chart';
import { useHost } from '../../host-context';
import { useDesktopState } from './desktop-state';

/** Id of the chart panel, the target of the "Skip to chart" link. */
export const CHART_TARGET = 'chart';

export interface ChartPanelProps {
  symbol: string;
  /** Buy or sell pressed on a tradable product. */
  onTrade: (detail: TradeDetail) => void;
}

/** The chart of `symbol`; its own selectors give way to the top bar's. */
export function ChartPanel({ symbol, onTrade }: ChartPanelProps) {
  const { theme, setTheme, colorScheme, setColorScheme, setSymbol, tradeMode } = useHost();
  const { period, candleType, indicatorsOpen, setIndicatorsOpen } = useDesktopState();
  return (
    <section
      id={CHART_TARGET}
      tabIndex={-1}
      className="host-chart-panel host-panel"
      data-testid="chart-panel"
      data-symbol={symbol}
    >
      <Chart
        symbol={symbol}
        period={period}
        candleType={candleType}
        theme={theme}
        colorScheme={colorScheme}
        selectors={false}
        tradeMode={tradeMode}
        indicatorsOpen={indicatorsOpen}
        onIndicatorsToggle={({ open }) => setIndicatorsOpen(open)}
        onSymbolSelect={({ symbol: next }) => setSymbol(next)}
        onThemeChange={({ theme: next }) => setTheme(next)}
        onColorSchemeChange={({ id }) => setColorScheme(id)}
        onTrade={onTrade}
      />
    </section>
  );
}
