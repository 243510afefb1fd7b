import { memo } from 'react';
import type { CSSProperties } from 'react';
import { useRovingFocus } from '../_shared/use-roving-focus';
import type { Translate } from '../_shared/use-t';
import { Icon } from './chart-icons';
import type { ToolbarIcon } from './chart-icons';
import { CANDLE_TYPES, COLOR_SCHEMES, KLINE_PERIODS, parseCandleType } from './chart.logic';
import type { CandleType, KlinePeriod } from './chart.logic';

/** The view actions of the toolbar (their `data-action` values). */
export type ViewAction =
  'zoom-in' | 'zoom-out' | 'shift-left' | 'shift-right' | 'screenshot' | 'fullscreen' | 'theme';

const VIEW_ACTIONS: readonly ViewAction[] = [
  'zoom-in',
  'zoom-out',
  'shift-left',
  'shift-right',
  'screenshot',
];

/** Props of ChartToolbar. */
export interface ChartToolbarProps {
  period: KlinePeriod;
  candleType: CandleType;
  theme: 'light' | 'dark';
  scheme: string;
  /** The brand's own up/down pair, for the first swatch. */
  brandColors: { up: string; down: string };
  fullscreen: boolean;
  indicatorsOpen: boolean;
  /** Whether the chart can act yet (klinecharts loaded). */
  ready: boolean;
  /** Show period, candle type, indicators and colour themes (false: the page has its own selectors). */
  selectors: boolean;
  /**
   * A narrow chart (its own width, PP5): one row — periods in a list box, the indicator button without its
   * text, no zoom, shift, screenshot or colour swatches (gestures zoom and pan; full screen has them all).
   */
  compact?: boolean;
  /** Whether the brand lets traders choose their own up/down pair (`userColors`, UC1): the swatches show only then. */
  userColors?: boolean;
  t: Translate;
  onPeriod: (period: KlinePeriod) => void;
  onCandleType: (type: CandleType) => void;
  onIndicators: () => void;
  onAction: (action: ViewAction) => void;
  onScheme: (id: string) => void;
}

function ActionButton(props: {
  action: ViewAction;
  icon: ToolbarIcon;
  label: string;
  disabled?: boolean;
  pressed?: boolean;
  onAction: (action: ViewAction) => void;
}) {
  return (
    <button
      type="button"
      className="tk-chart__tool"
      data-action={props.action}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={() => props.onAction(props.action)}
    >
      <Icon name={props.icon} />
    </button>
  );
}

/** Periods, candle type and the indicator button. */
function Selectors(props: ChartToolbarProps) {
  const { t } = props;
  const periods = props.compact ? (
    <select
      className="tk-chart__candle-type tk-chart__period-select"
      data-testid="period"
      aria-label={t('desktop.period')}
      value={props.period}
      onChange={(event) => {
        const period = KLINE_PERIODS.find((p) => p === event.target.value);
        if (period) props.onPeriod(period);
      }}
    >
      {KLINE_PERIODS.map((p) => (
        <option key={p} value={p}>
          {t(`chart.period.${p}`)}
        </option>
      ))}
    </select>
  ) : null;
  return (
    <>
      {periods ?? (
        <div className="tk-chart__periods" role="group" aria-label={t('desktop.period')}>
          {KLINE_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className="tk-chart__period"
              data-period={p}
              aria-pressed={p === props.period}
              onClick={() => props.onPeriod(p)}
            >
              {t(`chart.period.${p}`)}
            </button>
          ))}
        </div>
      )}
      <select
        className="tk-chart__candle-type"
        data-testid="candle-type"
        aria-label={t('desktop.candle_style')}
        value={props.candleType}
        onChange={(event) => {
          const type = parseCandleType(event.target.value);
          if (type) props.onCandleType(type);
        }}
      >
        {CANDLE_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`chart.candle.${type}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="tk-chart__tool tk-chart__tool--text"
        data-action="indicators"
        aria-haspopup="dialog"
        aria-expanded={props.indicatorsOpen}
        aria-label={props.compact ? t('desktop.indicators') : undefined}
        title={props.compact ? t('desktop.indicators') : undefined}
        onClick={props.onIndicators}
      >
        <Icon name="indicators" />
        {props.compact ? null : <span>{t('desktop.indicators')}</span>}
      </button>
    </>
  );
}

/** The colour theme chooser: one swatch per up/down pair. */
function SchemeChooser(props: ChartToolbarProps) {
  const { t } = props;
  return (
    <div className="tk-chart__schemes" role="radiogroup" aria-label={t('desktop.theme_colors')}>
      {COLOR_SCHEMES.map((scheme) => {
        const { up, down } = scheme.colors ?? props.brandColors;
        const style = { '--_swatch-up': up, '--_swatch-down': down } as CSSProperties;
        return (
          <button
            key={scheme.id}
            type="button"
            role="radio"
            className="tk-chart__swatch"
            data-scheme={scheme.id}
            aria-checked={scheme.id === props.scheme}
            aria-label={t(`chart.scheme.${scheme.id.replace('-', '_')}`)}
            title={t(`chart.scheme.${scheme.id.replace('-', '_')}`)}
            style={style}
            onClick={() => props.onScheme(scheme.id)}
          />
        );
      })}
    </div>
  );
}

/** Periods, candle type, indicators, view actions, light/dark and the colour theme chooser (memoised). */
export const ChartToolbar = memo(function ChartToolbar(props: ChartToolbarProps) {
  const { t, ready } = props;
  const fullscreenLabel = t(props.fullscreen ? 'chart.action.exit_fullscreen' : 'chart.action.fullscreen');
  // One Tab stop for the whole toolbar, arrow keys inside (issue #26: 31 Tabs crossed the chart's tools).
  const roving = useRovingFocus<HTMLDivElement>();
  return (
    <div
      className="tk-chart__toolbar"
      role="toolbar"
      aria-label={t('chart.toolbar')}
      part="toolbar"
      {...roving}
    >
      {props.selectors ? <Selectors {...props} /> : null}
      <div className="tk-chart__actions" role="group" aria-label={t('chart.view')}>
        {(props.compact ? [] : VIEW_ACTIONS).map((action) => (
          <ActionButton
            key={action}
            action={action}
            icon={action}
            label={t(`chart.action.${action.replace('-', '_')}`)}
            disabled={!ready}
            onAction={props.onAction}
          />
        ))}
        <ActionButton
          action="fullscreen"
          icon={props.fullscreen ? 'exit-fullscreen' : 'fullscreen'}
          label={fullscreenLabel}
          pressed={props.fullscreen}
          onAction={props.onAction}
        />
        <ActionButton
          action="theme"
          icon="theme"
          label={t('chart.action.theme')}
          pressed={props.theme === 'dark'}
          onAction={props.onAction}
        />
      </div>
      {props.selectors && !props.compact && props.userColors !== false ? <SchemeChooser {...props} /> : null}
    </div>
  );
});
