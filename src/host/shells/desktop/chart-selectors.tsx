/** The top bar's chart controls (spec §2): candle period, candle style and the indicator dialog. */
import { useT } from '../../../widgets/_shared/use-t';
import { CANDLE_TYPES, KLINE_PERIODS, parseCandleType, type KlinePeriod } from '../../../widgets/chart';
import { IndicatorsIcon } from '../../ui/icons';
import { radioKeys } from '../../../widgets/_shared/radio-keys';
import '../../ui/segmented.css';
import { useDesktopState } from './desktop-state';

/**
 * Period buttons, candle style menu and the indicators button driving the desktop chart panel; without
 * `candleStyle` the style is chosen in the top bar's More menu; with `compactPeriods` (the narrowest bars) the
 * periods are one select instead of a row of buttons.
 */
export function ChartSelectors({
  candleStyle = true,
  compactPeriods = false,
}: {
  candleStyle?: boolean;
  compactPeriods?: boolean;
}) {
  const t = useT();
  const { period, setPeriod, candleType, setCandleType, indicatorsOpen, setIndicatorsOpen } =
    useDesktopState();
  const periodKeys = radioKeys(KLINE_PERIODS, period, setPeriod);
  return (
    <div className="host-chart-tools" data-testid="chart-selectors">
      {compactPeriods ? (
        <select
          className="host-select"
          data-testid="top-period"
          aria-label={t('desktop.period')}
          title={t('desktop.period')}
          value={period}
          onChange={(event) => {
            const chosen = KLINE_PERIODS.find((p) => p === event.target.value);
            if (chosen) setPeriod(chosen as KlinePeriod);
          }}
        >
          {KLINE_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`chart.period.${p}`)}
            </option>
          ))}
        </select>
      ) : (
        <div
          className="host-segmented host-periods"
          role="radiogroup"
          aria-label={t('desktop.period')}
          onKeyDown={periodKeys.onKeyDown}
        >
          {KLINE_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              className="host-segmented__option host-periods__item"
              data-top-period={p}
              aria-checked={p === period}
              tabIndex={periodKeys.tabIndexOf(p)}
              onClick={() => setPeriod(p)}
            >
              {t(`chart.period.${p}`)}
            </button>
          ))}
        </div>
      )}
      {candleStyle ? (
        <select
          className="host-select"
          data-testid="top-candle-type"
          aria-label={t('desktop.candle_style')}
          title={t('desktop.candle_style')}
          value={candleType}
          onChange={(event) => {
            const type = parseCandleType(event.target.value);
            if (type) setCandleType(type);
          }}
        >
          {CANDLE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`chart.candle.${type}`)}
            </option>
          ))}
        </select>
      ) : null}
      <button
        type="button"
        className="host-icon-btn"
        data-testid="top-indicators"
        aria-label={t('desktop.indicators')}
        title={t('desktop.indicators')}
        aria-haspopup="dialog"
        aria-expanded={indicatorsOpen}
        onClick={() => setIndicatorsOpen(true)}
      >
        <IndicatorsIcon />
      </button>
    </div>
  );
}
