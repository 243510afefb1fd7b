/**
 * Pure rules of <tk-alerts>: the form's checks before anything is sent (the server checks the same, AL3), the
 * request a form makes, the line an alert shows, and the attributes that open the form prefilled.
 */
import {
  ALERT_CONDITIONS,
  ALERT_MODES,
  ALERT_NOTE_MAX,
  ALERT_PERCENT_MAX,
  type AlertCondition,
  type AlertMode,
  type PriceAlert,
} from '../../core/contract/alerts';

/** What the form holds (strings as typed). */
export interface AlertForm {
  symbol: string;
  condition: AlertCondition;
  level: string;
  percent: string;
  note: string;
}

/** i18n keys of the form's field errors. */
export type FormErrors = Partial<Record<'symbol' | 'level' | 'percent' | 'note', string>>;

const DECIMAL = /^\d+(\.\d+)?$/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The fraction digits of a typed decimal, trailing zeros ignored ("1.50" → 1). */
export function fractionDigits(value: string): number {
  return value.split('.')[1]?.replace(/0+$/, '').length ?? 0;
}

/** Whether a condition watches a level (the four bid/ask ones) rather than a percentage. */
export const usesLevel = (condition: AlertCondition) => condition !== 'move_pct';

/**
 * The form's errors (i18n keys), empty when it may be sent. `precision` is the symbol's price precision, null
 * when the page's quotes do not list the symbol, undefined when the page has no quotes yet (the server checks).
 */
export function checkForm(form: AlertForm, precision: number | null | undefined): FormErrors {
  const errors: FormErrors = {};
  if (precision === null || !form.symbol.trim()) errors.symbol = 'alerts.invalid_symbol';
  if (usesLevel(form.condition)) {
    const level = form.level.trim();
    if (!DECIMAL.test(level) || Number(level) <= 0) errors.level = 'alerts.invalid_level';
    else if (typeof precision === 'number' && fractionDigits(level) > precision) {
      errors.level = 'alerts.invalid_level';
    }
  } else {
    const percent = form.percent.trim();
    const value = Number(percent);
    if (
      !DECIMAL.test(percent) ||
      fractionDigits(percent) > 2 ||
      value < 0.01 ||
      value > Number(ALERT_PERCENT_MAX)
    ) {
      errors.percent = 'alerts.invalid_percent';
    }
  }
  if (form.note.length > ALERT_NOTE_MAX || CONTROL.test(form.note)) errors.note = 'alerts.invalid_note';
  return errors;
}

/** The fields a create or an update sends for the form (level or percent, never both). */
export function requestFields(form: AlertForm) {
  const note = form.note.trim();
  return usesLevel(form.condition)
    ? { condition: form.condition, level: form.level.trim(), note }
    : { condition: form.condition, percent: form.percent.trim(), note };
}

/** The form of an existing alert (edit). */
export function formOf(alert: PriceAlert): AlertForm {
  return {
    symbol: alert.symbol,
    condition: alert.condition,
    level: alert.level ?? '',
    percent: alert.percent ?? '',
    note: alert.note,
  };
}

/** A fresh form: the symbol and level the attributes give (a quote row's bid), a bid-above condition. */
export function newForm(symbol: string | undefined, level: string | undefined): AlertForm {
  return {
    symbol: (symbol ?? '').trim().toUpperCase(),
    condition: 'bid_above',
    level: level && DECIMAL.test(level.trim()) ? level.trim() : '',
    percent: '',
    note: '',
  };
}

/** The i18n key and values of an alert's one-line summary ("Bid ≥ 65,000.00", "Moves ±2.5 % from …"). */
export function summaryOf(alert: Pick<PriceAlert, 'condition' | 'level' | 'percent' | 'referencePrice'>): {
  key: string;
  values: Record<string, string>;
} {
  if (alert.condition === 'move_pct') {
    return {
      key: 'alerts.summary.move_pct',
      values: { percent: alert.percent ?? '', reference: alert.referencePrice ?? '' },
    };
  }
  return { key: `alerts.summary.${alert.condition}`, values: { level: alert.level ?? '' } };
}

/** The `condition` attribute as a known condition, else bid_above. */
export function parseCondition(value: string | undefined): AlertCondition {
  return (ALERT_CONDITIONS as readonly string[]).includes(value ?? '')
    ? (value as AlertCondition)
    : 'bid_above';
}

/** The `mode` attribute as a known trade mode, else market. */
export function parseMode(value: string | undefined): AlertMode {
  return (ALERT_MODES as readonly string[]).includes(value ?? '') ? (value as AlertMode) : 'market';
}

/** Where the widget's screens are, for `tk-navigate` (the host's route and its query). */
export const ALERTS_PATH = '/user/alerts';
export const LOGIN_PATH = `/login?to=${encodeURIComponent(ALERTS_PATH)}`;

/** The host path that opens the create form for a symbol, prefilled with a level (the quote table's action). */
export function newAlertPath(symbol: string, level: string | undefined, mode?: AlertMode): string {
  const query = new URLSearchParams({ symbol });
  if (level) query.set('level', level);
  if (mode && mode !== 'market') query.set('mode', mode);
  return `${ALERTS_PATH}?${query.toString()}`;
}
