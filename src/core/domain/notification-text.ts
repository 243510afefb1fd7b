/**
 * Which text a notification shows (spec §8), for the notifications widget and the server's Web Push alike:
 * action type 4 shows its own title and content; a known alarm code shows the translated text of
 * `notifications.alarm.<code>` with its values (629005, 629006 and our 7290xx name the payment amount and its
 * unit); an unknown code falls back on the own text.
 */
import { AlarmType, MoneyAlarmType, OWN_TEXT_ACTION, type Notification } from '../contract/notifications';
import { formatAmount } from './format';

/** Alarm codes with a text of their own (spec §8, and our codes, decisions AN1). */
export const KNOWN_ALARMS: readonly number[] = [
  ...Object.values(AlarmType),
  ...Object.values(MoneyAlarmType),
];
/** Codes whose text names the payment amount. */
const WITH_AMOUNT: readonly number[] = [
  AlarmType.withdrawalRejected,
  AlarmType.depositRejected,
  ...Object.values(MoneyAlarmType),
];

/**
 * An amount as the texts name it (spec §9): USD (or no unit, the spec's own codes) with 2 decimals and
 * thousands separators, another currency raw (as the server wrote it, never rounded), each followed by its unit
 * when there is one.
 */
export function amountText(amount: string | null, unit: string | null): string {
  if (amount === null) return '';
  const shown = unit === null || unit === 'USD' ? formatAmount(amount) : amount;
  return unit === null ? shown : `${shown} ${unit}`;
}

/**
 * The i18n keys (within the `notifications` namespace's `notifications` tree: the caller that owns the strings
 * names the tree) and values of a coded notification, or its own text.
 */
export type NotificationTextKeys =
  | { kind: 'own'; title: string; body: string }
  | { kind: 'code'; titleKey: string; bodyKey: string; values: Record<string, string> };

/** What a notification shows, before translation. */
export function notificationTextKeys(
  n: Pick<Notification, 'actionType' | 'alarmType' | 'title' | 'content' | 'paymentPrice' | 'paymentUnit'>,
): NotificationTextKeys {
  if (n.actionType === OWN_TEXT_ACTION || !KNOWN_ALARMS.includes(n.alarmType)) {
    return { kind: 'own', title: n.title, body: n.content };
  }
  const withAmount = WITH_AMOUNT.includes(n.alarmType);
  const amount = withAmount ? amountText(n.paymentPrice, n.paymentUnit ?? null) : '';
  return {
    kind: 'code',
    titleKey: `alarm.${n.alarmType}.title`,
    bodyKey: `alarm.${n.alarmType}.body`,
    values: { amount },
  };
}
