import { Suspense, lazy, use, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { isQuoteStale } from '../../core/runtime/platform';
import { ConnectionBanner } from '../_shared/connection-banner';
import type { EventCallbacks } from '../_shared/events';
import { useHostState } from '../_shared/host-state';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { THEME_TOKENS } from '../_shared/theme-tokens';
import { ToastRegion, useToastState } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { useEmit, useWidgetHost } from '../_shared/widget-host';
import { WidgetRoot } from '../_shared/widget-root';
import { useChartEmit } from './chart-events';
import type { ChartCallbacks } from './chart-events';
import type * as MarketHoursModule from '../../core/domain/market-hours';
import type * as HeaderModule from './chart-header';
import { ChartToolbar } from './chart-toolbar';
import css from './chart.css?inline';
import { INDICATORS, MAX_INDICATORS, colorScheme, isLive, toggleIndicator, tradeBlock } from './chart.logic';
import type { CandleType, DrawingTool, KlinePeriod, Pane } from './chart.logic';
import { DrawingBar } from './drawing-bar';
import { newerQuote, pickSymbol, productName, symbolOptions } from './symbol-pick.logic';
import { useChartActions } from './use-chart-actions';
import { loadEngine, useChartEngine } from './use-chart-engine';
import type { EngineLoader } from './use-chart-engine';
import type { ChartEngine, ChartLabels } from './chart-engine';
import type { Appearance } from './engine-styles';
import { useChartPrefs } from './use-chart-prefs';
import { useLatestCallback } from './use-latest-callback';
import { useAppearance, useFullscreen } from './use-chart-view';
import { useSymbolMarket } from './use-symbol-market';
import { usePrecision, useSchemeState, useThemeState } from './use-chart-settings';

/** Props of <Chart>: the attributes of <tk-chart> (see chart.meta.ts) plus the output callbacks. */
export interface ChartProps extends EventCallbacks<'tk-symbol-select'>, ChartCallbacks {
  symbol?: string;
  period?: string;
  theme?: string;
  candleType?: string;
  /** Up/down colour pair id (`brand`, `green-red`, `red-green`); the chooser overrides it until it changes. */
  colorScheme?: string;
  /** When set, the page controls the indicator dialog (it follows `tk-indicators-toggle`). */
  indicatorsOpen?: boolean;
  toolbar?: boolean;
  /** Show the period, candle type, indicator and colour theme selectors of the toolbar. */
  selectors?: boolean;
  header?: boolean;
  /** 'option' labels the trade buttons Up and Down; 'market' (default) Sell and Buy. */
  tradeMode?: string;
  /** Another chart engine (tests, hosts with their own canvas); default: the klinecharts chunk. */
  engineLoader?: EngineLoader;
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

/** Trading hours (core/domain/market-hours.ts): needed once the product list is there, so loaded after the paint. */
let marketHours: typeof MarketHoursModule | null = null;
const marketHoursReady = import('../../core/domain/market-hours').then((m) => {
  marketHours = m;
});

// Opened by the user only: not part of the first paint.
const IndicatorDialog = lazy(() =>
  import('./indicator-dialog').then((m) => ({ default: m.IndicatorDialog })),
);

const tokenDefault = (name: string) => THEME_TOKENS.find((token) => token.name === name)?.light ?? '';
// One object for every render: the memoised toolbar compares it by identity.
const TOKEN_COLORS = { up: tokenDefault('--tk-color-up'), down: tokenDefault('--tk-color-down') };

/** The product chart page of spec §2: header, kline chart with tools, indicators and drawings. */
export function Chart(props: ChartProps) {
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

  const [picked, setPicked] = useHostState<{ attribute: string | undefined; symbol: string } | null>(
    'chart.symbol',
    null,
  );
  // A pick from the name dropdown holds until the host sets another `symbol`.
  const symbol =
    picked && picked.attribute === props.symbol
      ? picked.symbol
      : pickSymbol(props.symbol, prices.values(), brand?.homeSymbols);
  const quote = prices.get(symbol);
  const { prefs, update, saveDrawings } = useChartPrefs(symbol, props.period, props.candleType);
  const market = useSymbolMarket(symbol, quote?.marketOpen);
  const stale = quote ? isQuoteStale(quote, now, feedState, platform.staleAfterMs) : false;
  const [isOpen, setIsOpen] = useState(() => marketHours?.isMarketOpen ?? null);
  useEffect(() => {
    if (isOpen) return undefined;
    let live = true;
    // A chunk that fails to load leaves a product with hours `unknown`: the buttons explain, nothing is sent.
    marketHoursReady.then(
      () => live && setIsOpen(() => marketHours!.isMarketOpen),
      (error: unknown) => console.warn('[tradekit] trading hours unavailable', error),
    );
    return () => {
      live = false;
    };
  }, [isOpen]);
  const block = tradeBlock({ product: market.product, status: market.status, now, stale, isOpen });
  const timeZone = brand?.timezone ?? null;
  const shownQuote = newerQuote(quote, market.tick);
  const name = productName(symbol, shownQuote, market.product);
  const tradeList = brand?.tradeList;
  const options = useMemo(
    () => symbolOptions(prices.values(), symbol, tradeList),
    [prices, symbol, tradeList],
  );
  const precision = usePrecision(
    symbol,
    quote?.pricePrecision ?? market.product?.pricePrecision,
    market.product,
  );

  const [theme, setTheme] = useThemeState(props.theme, brand?.theme);
  const [scheme, setScheme] = useSchemeState(props.colorScheme);
  const schemeColors = colorScheme(scheme).colors;
  const brandColors = brand?.colors ?? TOKEN_COLORS;

  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const labels = useMemo<ChartLabels>(
    () => ({
      time: t('chart.ohlc.time'),
      open: t('chart.ohlc.open'),
      high: t('quotes.high'),
      low: t('quotes.low'),
      close: t('chart.ohlc.close'),
      volume: t('quotes.volume'),
      turnover: t('chart.ohlc.turnover'),
      change: t('quotes.change'),
    }),
    [t],
  );
  const live = isLive(market.status);
  const appearanceRef = useRef<Appearance | null>(null);
  // The engine's settings, applied to a new engine before React hears of it and again on every change
  // (indicators and styles before the series, so a new series computes its indicators once).
  const configure = useLatestCallback((created: ChartEngine) => {
    created.setTimezone(timeZone);
    created.setCandleType(prefs.candleType);
    created.setIndicators(prefs.indicators);
    if (appearanceRef.current) created.setAppearance(appearanceRef.current);
    created.setLabels(language, labels);
    created.setLive(live);
    if (symbol && precision !== null)
      created.show({ symbol, precision, period: prefs.period, drawings: prefs.drawings });
  });
  const handle = useChartEngine(canvas, platform, saveDrawings, props.engineLoader, {
    series: symbol ? { symbol, period: prefs.period } : null,
    onCreate: configure,
  });
  const { engine } = handle;
  const appearance = useAppearance(frame, theme, [scheme, brandColors.up, brandColors.down, engine]);
  appearanceRef.current = appearance;
  const { toast: notice, show: showNotice, dismiss: dismissNotice } = useToastState();
  const [ownDialog, setOwnDialog] = useState(false);
  const controlled = typeof props.indicatorsOpen === 'boolean';
  const dialog = controlled ? props.indicatorsOpen === true : ownDialog;
  const [fullscreen, toggleFullscreen] = useFullscreen(() => host ?? frame.current);

  // The first page is requested at once, while klinecharts and the product's precision are on their way.
  useEffect(() => {
    if (handle.loader && symbol) handle.loader.prefetch(symbol, prefs.period);
  }, [handle.loader, symbol, prefs.period]);
  // Every later change goes through the same function: the engine's setters skip what did not change, and
  // drawings are read only when a symbol is shown (later changes come from the engine itself).
  useEffect(() => {
    if (engine) configure(engine);
  }, [
    engine,
    configure,
    timeZone,
    prefs.candleType,
    prefs.indicators,
    appearance,
    language,
    labels,
    live,
    symbol,
    precision,
    prefs.period,
  ]);

  const onAction = useLatestCallback(
    useChartActions({
      engine,
      symbol,
      period: prefs.period,
      background: appearance?.surface ?? tokenDefault('--tk-surface'),
      toggleFullscreen,
      onFullscreenRefused: () => showNotice(t('chart.fullscreen_unavailable')),
      onTheme: () => {
        const next = theme === 'dark' ? 'light' : 'dark';
        setTheme(next);
        emitChart('tk-theme-change', { theme: next });
      },
    }),
  );

  const onScheme = useLatestCallback((id: string) => {
    setScheme(id);
    emitChart('tk-color-scheme-change', { id, ...(colorScheme(id).colors ?? brandColors) });
  });
  const onSymbolChange = useLatestCallback((next: string) => {
    setPicked({ attribute: props.symbol, symbol: next });
    emit('tk-symbol-select', { symbol: next });
  });
  const onTrade = useLatestCallback((direction: 0 | 1) => {
    if (block === 'none') emitChart('tk-trade', { symbol, direction });
    else if (block === 'unknown') showNotice(t('chart.market_unknown'));
    else if (block === 'stale') showNotice(t('quotes.stale_hint'));
  });
  const onPeriod = useLatestCallback((period: KlinePeriod) => update({ period }));
  const onCandleType = useLatestCallback((candleType: CandleType) => update({ candleType }));
  const onDraw = useLatestCallback((tool: DrawingTool) => {
    engine?.draw(tool);
    showNotice(t('chart.drawing_hint'));
  });
  const onDeleteSelected = useLatestCallback(() => engine?.deleteSelected());
  const onDeleteAll = useLatestCallback(() => engine?.deleteAll());
  const onToggle = (pane: Pane, name: string) => {
    const result = toggleIndicator(prefs.indicators, pane, name);
    if (result.refused) showNotice(t('chart.indicator_limit', { max: MAX_INDICATORS }));
    else update({ indicators: result.indicators });
  };
  const openDialog = useLatestCallback(() => {
    if (!controlled) setOwnDialog(true);
    emitChart('tk-indicators-toggle', { open: true });
  });
  const closeDialog = () => {
    if (controlled) {
      // Reflected like <dialog open>: a page that does not listen still sees its dialog close.
      if (host?.hasAttribute('indicators-open')) host.setAttribute('indicators-open', 'false');
    } else setOwnDialog(false);
    emitChart('tk-indicators-toggle', { open: false });
    frame.current?.querySelector<HTMLButtonElement>('[data-action="indicators"]')?.focus();
  };

  const ready = engine !== null && handle.state === 'ready';
  const frameStyle = schemeColors
    ? ({ '--tk-color-up': schemeColors.up, '--tk-color-down': schemeColors.down } as CSSProperties)
    : undefined;
  return (
    <WidgetRoot name="chart" css={css} theme={theme}>
      <div ref={frame} className="tk-chart__frame" style={frameStyle}>
        <ConnectionBanner />
        {header ? (
          <Suspense fallback={<div className="tk-chart__header" part="header" aria-busy="true" />}>
            <LiveChartHeader
              symbol={symbol}
              quote={shownQuote}
              product={market.product}
              timeZone={timeZone}
              options={options}
              block={block}
              status={market.status}
              t={t}
              onSymbolChange={onSymbolChange}
              onTrade={onTrade}
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
            fullscreen={fullscreen}
            indicatorsOpen={dialog}
            ready={ready}
            selectors={selectors}
            t={t}
            onPeriod={onPeriod}
            onCandleType={onCandleType}
            onIndicators={openDialog}
            onAction={onAction}
            onScheme={onScheme}
          />
        ) : null}
        <div className="tk-chart__body">
          {toolbar ? (
            <DrawingBar
              selected={handle.selected}
              ready={ready}
              t={t}
              onDraw={onDraw}
              onDeleteSelected={onDeleteSelected}
              onDeleteAll={onDeleteAll}
            />
          ) : null}
          <div
            className="tk-chart__canvas"
            part="canvas"
            data-testid="chart-canvas"
            data-state={handle.state}
            data-candles={handle.candles}
            data-drawings={handle.drawings}
            aria-busy={handle.state === 'loading'}
          >
            <div
              ref={canvas}
              className="tk-chart__engine"
              role="application"
              aria-label={t('chart.canvas', { symbol: name })}
              tabIndex={0}
            />
            {handle.state === 'ready' ? null : (
              <div className="tk-chart__cover">
                {handle.state === 'error' ? (
                  <>
                    <p>{t('chart.load_failed')}</p>
                    <button type="button" className="tk-button" data-action="retry" onClick={handle.retry}>
                      {t('common.retry')}
                    </button>
                  </>
                ) : (
                  <>
                    <div className="tk-chart__skeleton" aria-hidden="true" />
                    <span className="tk-visually-hidden">{t('app.loading')}</span>
                  </>
                )}
              </div>
            )}
          </div>
        </div>
        {dialog ? (
          <Suspense>
            <IndicatorDialog
              indicators={prefs.indicators}
              choices={INDICATORS}
              max={MAX_INDICATORS}
              t={t}
              onToggle={onToggle}
              onClose={closeDialog}
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
          toast={notice}
          onDone={dismissNotice}
          className="tk-chart__notice"
          testId="chart-notice"
        />
      </div>
    </WidgetRoot>
  );
}
