import { Suspense, lazy, use, useRef } from 'react';
import type { CSSProperties } from 'react';
import { ConnectionBanner } from '../_shared/connection-banner';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { THEME_TOKENS } from '../_shared/theme-tokens';
import { ToastRegion } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { useEmit, useWidgetHost } from '../_shared/widget-host';
import type { ChartProps } from './chart';
import { ChartCanvas } from './chart-canvas';
import { useChartEmit } from './chart-events';
import type * as HeaderModule from './chart-header';
import { ChartToolbar } from './chart-toolbar';
import { INDICATORS, MAX_INDICATORS, colorScheme } from './chart.logic';
import { DrawingBar } from './drawing-bar';
import { useChartCommands } from './use-chart-commands';
import { loadEngine } from './use-chart-engine';
import { useSchemeState } from './use-chart-settings';
import { useChartSymbol } from './use-chart-symbol';
import { useCompact } from './use-compact';
import { useConfiguredEngine } from './use-configured-engine';

/** Props of the body: the element's, and the shown theme, which the frame (chart.tsx) holds. */
export interface ChartBodyProps extends ChartProps {
  themeState: ['light' | 'dark', (theme: 'light' | 'dark') => void];
}

// The trader's order lines come after the engine, through its chunk: the first paint names neither.
const TradeLines = lazy(() => loadEngine().then((engine) => engine.loadTradeLines()));
/**
 * The product header (its markup and the price formatting) is not needed before the first quote or product
 * info: its chunk starts loading with this module, in parallel with the config and the feed's connection, and
 * long before the chart engine. Until it is there the header's place is an empty bar.
 */
let LoadedHeader: typeof HeaderModule.LiveChartHeader | null = null;
/** Settles once the header's code is there (tests and hosts that want the header without an empty frame). */
export const chartHeaderReady: Promise<void> = import('./chart-header').then((m) => {
  LoadedHeader = m.LiveChartHeader;
});

function LiveChartHeader(props: HeaderModule.LiveChartHeaderProps) {
  // Suspends only while the chunk is on its way (the Suspense fallback is the empty bar).
  if (!LoadedHeader) use(chartHeaderReady);
  const Header = LoadedHeader!;
  return <Header {...props} />;
}

// Opened by the user only: not part of the first paint.
const IndicatorDialog = lazy(() =>
  import('./indicator-dialog').then((m) => ({ default: m.IndicatorDialog })),
);

const tokenDefault = (name: string) => THEME_TOKENS.find((token) => token.name === name)?.light ?? '';
// One object for every render: the memoised toolbar compares it by identity.
const TOKEN_COLORS = { up: tokenDefault('--tk-color-up'), down: tokenDefault('--tk-color-down') };

/** The frame's up/down colours of a scheme with its own pair; none for the brand's. */
function schemeStyle(scheme: string): CSSProperties | undefined {
  const colors = colorScheme(scheme).colors;
  return colors
    ? ({ '--tk-color-up': colors.up, '--tk-color-down': colors.down } as CSSProperties)
    : undefined;
}

/**
 * The product chart page of spec §2: header, kline chart with tools, indicators and drawings. Its chunk starts
 * loading with the widget module (chart.tsx), which paints the frame until it is there.
 */
export function ChartBody(props: ChartBodyProps) {
  const { toolbar = true, header = true, selectors = true } = props;
  const platform = usePlatform();
  const t = useT();
  const emit = useEmit(props);
  const emitChart = useChartEmit(props);
  const host = useWidgetHost();
  const config = useAtomValue(platform.atoms.config);
  const prices = useAtomValue(platform.atoms.prices);
  const feedState = useAtomValue(platform.atoms.feedState);
  const now = useAtomValue(platform.atoms.clock);
  const language = useAtomValue(platform.atoms.language);
  const brand = config?.brand;
  const shown = useChartSymbol(props, {
    prices,
    feedState,
    now,
    brand,
    staleAfterMs: platform.staleAfterMs,
  });
  const { symbol, prefs, market, precision } = shown;
  const timeZone = brand?.timezone ?? null;

  const [theme, setTheme] = props.themeState;
  const userColors = brand?.userColors !== false;
  const [scheme, setScheme] = useSchemeState(props.colorScheme, userColors);
  const brandColors = brand?.colors ?? TOKEN_COLORS;

  const frame = useRef<HTMLDivElement>(null);
  const compact = useCompact(frame);
  const { canvas, handle, appearance } = useConfiguredEngine({
    platform,
    t,
    language,
    timeZone,
    shown,
    engineLoader: props.engineLoader,
    frame,
    theme,
    colorDeps: [scheme, brandColors.up, brandColors.down],
  });
  const { engine } = handle;
  const commands = useChartCommands({
    engine,
    shown,
    theme,
    setTheme,
    setScheme,
    brandColors,
    background: appearance?.surface ?? tokenDefault('--tk-surface'),
    indicatorsOpen: props.indicatorsOpen,
    host,
    frame,
    t,
    emit,
    emitChart,
    trade: { mode: props.tradeMode === 'option' ? 'option' : 'market', origin: platform.origin },
  });

  const ready = engine !== null && handle.state === 'ready';
  return (
    <div ref={frame} className="tk-chart__frame" style={schemeStyle(scheme)}>
      <ConnectionBanner />
      {header ? (
        <Suspense fallback={<div className="tk-chart__header" part="header" aria-busy="true" />}>
          <LiveChartHeader
            symbol={symbol}
            quote={shown.shownQuote}
            product={market.product}
            timeZone={timeZone}
            options={shown.options}
            block={shown.block}
            status={market.status}
            t={t}
            onSymbolChange={commands.onSymbolChange}
            onTrade={commands.onTrade}
            tradeMode={props.tradeMode}
          />
        </Suspense>
      ) : null}
      {toolbar ? (
        <ChartToolbar
          period={prefs.period}
          candleType={prefs.candleType}
          theme={theme}
          scheme={scheme}
          brandColors={brandColors}
          fullscreen={commands.fullscreen}
          indicatorsOpen={commands.dialog}
          ready={ready}
          selectors={selectors}
          compact={compact}
          userColors={userColors}
          t={t}
          onPeriod={commands.onPeriod}
          onCandleType={commands.onCandleType}
          onIndicators={commands.openDialog}
          onAction={commands.onAction}
          onScheme={commands.onScheme}
        />
      ) : null}
      <div className="tk-chart__body">
        {toolbar ? (
          <DrawingBar
            selected={handle.selected}
            ready={ready}
            t={t}
            onDraw={commands.onDraw}
            onDeleteSelected={commands.onDeleteSelected}
            onDeleteAll={commands.onDeleteAll}
          />
        ) : null}
        <ChartCanvas handle={handle} canvasRef={canvas} name={shown.name} t={t} />
      </div>
      {commands.dialog ? (
        <Suspense>
          <IndicatorDialog
            indicators={prefs.indicators}
            choices={INDICATORS}
            max={MAX_INDICATORS}
            t={t}
            onToggle={commands.onToggle}
            onClose={commands.closeDialog}
          />
        </Suspense>
      ) : null}
      {engine && precision !== null && symbol ? (
        <Suspense>
          <TradeLines
            engine={engine}
            symbol={symbol}
            precision={precision}
            product={market.product}
            prices={prices}
            tradeMode={props.tradeMode}
            frame={frame.current}
            t={t}
          />
        </Suspense>
      ) : null}
      <ToastRegion
        toast={commands.notice}
        onDone={commands.dismissNotice}
        className="tk-chart__notice"
        testId="chart-notice"
      />
    </div>
  );
}
