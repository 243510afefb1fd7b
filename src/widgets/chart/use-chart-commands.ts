/**
 * What the user's controls of <tk-chart> do: toolbar actions, period, candle type and colour scheme, the
 * name dropdown, the trade buttons, the drawing bar and the indicator dialog (its own state, or the page's
 * when it sets `indicators-open`). Each handler keeps its identity across renders (memoised children).
 */
import { useState } from 'react';
import type { RefObject } from 'react';
import { useToastState } from '../_shared/toast';
import type { Translate } from '../_shared/use-t';
import type { Emit } from '../_shared/widget-host';
import type { ChartEngine } from './chart-engine';
import type { useChartEmit } from './chart-events';
import { MAX_INDICATORS, colorScheme, toggleIndicator } from './chart.logic';
import type { CandleType, DrawingTool, KlinePeriod, Pane } from './chart.logic';
import { useChartActions } from './use-chart-actions';
import type { ChartSymbol } from './use-chart-symbol';
import { useFullscreen } from './use-chart-view';
import { useLatestCallback } from './use-latest-callback';

/** What the controls act on and through. */
export interface ChartCommandsInput {
  engine: ChartEngine | null;
  /** The shown symbol, its prefs and whether it can be traded now. */
  shown: ChartSymbol;
  theme: 'light' | 'dark';
  setTheme: (theme: 'light' | 'dark') => void;
  setScheme: (id: string) => void;
  brandColors: { up: string; down: string };
  /** Background of a screenshot. */
  background: string;
  /** The `indicators-open` attribute: when a boolean, the page controls the dialog. */
  indicatorsOpen: boolean | undefined;
  /** The custom element, when there is one: it goes full screen, else the frame does. */
  host: HTMLElement | null;
  frame: RefObject<HTMLDivElement | null>;
  t: Translate;
  emit: Emit;
  emitChart: ReturnType<typeof useChartEmit>;
  /** What an untaken `tk-trade` opens: the form of this trade mode on the platform. */
  trade: { mode: 'market' | 'option'; origin: string };
}

/** The handlers of the chart's controls, the notice they show, full screen and the indicator dialog's state. */
export function useChartCommands(input: ChartCommandsInput) {
  const { engine, t, emitChart, host, frame } = input;
  const { symbol, update, block } = input.shown;
  const { toast: notice, show: showNotice, dismiss: dismissNotice } = useToastState();
  const [ownDialog, setOwnDialog] = useState(false);
  const controlled = typeof input.indicatorsOpen === 'boolean';
  const dialog = controlled ? input.indicatorsOpen === true : ownDialog;
  const [fullscreen, toggleFullscreen] = useFullscreen(() => host ?? frame.current);

  const onAction = useLatestCallback(
    useChartActions({
      engine,
      symbol,
      period: input.shown.prefs.period,
      background: input.background,
      toggleFullscreen,
      onFullscreenRefused: () => showNotice(t('chart.fullscreen_unavailable')),
      onTheme: () => {
        const next = input.theme === 'dark' ? 'light' : 'dark';
        input.setTheme(next);
        emitChart('tk-theme-change', { theme: next });
      },
    }),
  );

  const onScheme = useLatestCallback((id: string) => {
    input.setScheme(id);
    emitChart('tk-color-scheme-change', { id, ...(colorScheme(id).colors ?? input.brandColors) });
  });
  const onSymbolChange = useLatestCallback((next: string) => {
    input.shown.pick(next);
    input.emit('tk-symbol-select', { symbol: next });
  });
  const onTrade = useLatestCallback((direction: 0 | 1) => {
    if (block === 'none') {
      // Nobody took it: the order form opens (PP6), after the click, so its code is not on the first paint.
      if (emitChart('tk-trade', { symbol, direction }) && host)
        void import('./trade-fallback').then((m) =>
          m.openTrade(host, { symbol, direction }, { ...input.trade, closeLabel: t('common.close') }),
        );
    } else if (block === 'unknown') showNotice(t('chart.market_unknown'));
    else if (block === 'stale') showNotice(t('quotes.stale_hint'));
    else if (block === 'mode') showNotice(t('chart.mode_unavailable'));
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
    const result = toggleIndicator(input.shown.prefs.indicators, pane, name);
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

  return {
    notice,
    dismissNotice,
    fullscreen,
    dialog,
    onAction,
    onScheme,
    onSymbolChange,
    onTrade,
    onPeriod,
    onCandleType,
    onDraw,
    onDeleteSelected,
    onDeleteAll,
    onToggle,
    openDialog,
    closeDialog,
  };
}
