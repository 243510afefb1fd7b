import { AlarmType, type Notification } from '../../core/contract/notifications';
import type { Translate } from '../_shared/use-t';
import { amountText, textSource } from './notifications.logic';

type Phrased = Pick<
  Notification,
  'actionType' | 'alarmType' | 'title' | 'content' | 'paymentPrice' | 'paymentUnit'
>;

const ALERT_CONDITIONS = ['bid_above', 'bid_below', 'ask_above', 'ask_below', 'move_pct'];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A fired price alert (729005, decisions AL8): the stored notice carries the alert as JSON in `content` and is
 * phrased by its condition; the live push has no content, only the price that fired it and the symbol as its
 * unit, and says the symbol reached the price. A content that is not the expected JSON falls back on that.
 */
function priceAlertText(n: Phrased, t: Translate): { title: string; body: string } {
  const key = `notifications.alarm.${AlarmType.priceAlert}`;
  let alert: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = n.content ? JSON.parse(n.content) : null;
    if (parsed && typeof parsed === 'object') alert = parsed as Record<string, unknown>;
  } catch {
    alert = null;
  }
  const condition = text(alert?.condition);
  const symbol = text(alert?.symbol) || (n.paymentUnit ?? '');
  const price = text(alert?.firedPrice) || (n.paymentPrice ?? '');
  const title = t(`${key}.title`);
  if (!alert || !ALERT_CONDITIONS.includes(condition)) {
    return { title, body: t(`${key}.body`, { symbol, price }) };
  }
  const body = t(`${key}.${condition}`, {
    symbol,
    price,
    level: text(alert.level),
    percent: text(alert.percent),
  });
  const note = text(alert.note);
  return { title, body: note ? `${body}\n${t(`${key}.note`, { note })}` : body };
}

/** The title and body a notification shows in the reader's language (spec §8). */
export function notificationText(n: Phrased, t: Translate): { title: string; body: string } {
  const source = textSource(n);
  if (source.kind === 'own') {
    return { title: source.title || t('notifications.fallback_title'), body: source.body };
  }
  if (source.code === AlarmType.priceAlert) return priceAlertText(n, t);
  const amount = amountText(source.amount, source.unit ?? null);
  return {
    title: t(`notifications.alarm.${source.code}.title`),
    body: t(`notifications.alarm.${source.code}.body`, { amount }),
  };
}
