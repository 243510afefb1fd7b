/**
 * Pure rules of <tk-notifications> (spec §2, §4, §8): the page request (paging is _shared/paging.ts), which text a notification
 * shows (the alarm code's, or its own for action type 4), and what opening one does.
 */
import {
  AlarmType,
  MoneyAlarmType,
  NOTIFICATION_PAGE_SIZE,
  OWN_TEXT_ACTION,
  ReadStatus,
} from '../../core/contract/notifications';
import type { Notification } from '../../core/contract/notifications';
import { formatAmount } from '../../core/domain/format';

/**
 * Alarm codes with a text of their own (spec §8, and our money-in codes, decisions AN1); others fall back on
 * the notification's own text.
 */
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

/** The request of a page (spec §7: `{page, limit 10}`). */
export const queryFor = (page: number) => ({ page, limit: NOTIFICATION_PAGE_SIZE });

/** Whether a notification is unread (spec §3: readStatus 0). */
export const isUnread = (n: Pick<Notification, 'readStatus'>) => n.readStatus === ReadStatus.unread;

/** What to show: i18n keys with their values, or the notification's own text. */
export type TextSource =
  | { kind: 'own'; title: string; body: string }
  | { kind: 'code'; code: number; amount: string | null; unit?: string };

/**
 * Spec §8: action type 4 shows the notification's own title and content; a known alarm code shows its
 * translated text (629005, 629006 and our 7290xx with the payment amount and its unit); an unknown code falls
 * back on the own text.
 */
export function textSource(
  n: Pick<Notification, 'actionType' | 'alarmType' | 'title' | 'content' | 'paymentPrice' | 'paymentUnit'>,
): TextSource {
  if (n.actionType === OWN_TEXT_ACTION || !KNOWN_ALARMS.includes(n.alarmType)) {
    return { kind: 'own', title: n.title, body: n.content };
  }
  const withAmount = WITH_AMOUNT.includes(n.alarmType);
  const unit = withAmount ? n.paymentUnit : null;
  return {
    kind: 'code',
    code: n.alarmType,
    amount: withAmount ? n.paymentPrice : null,
    ...(unit ? { unit } : {}),
  };
}

/**
 * An amount as the texts name it (spec §9): USD (or no unit, the spec's own codes) with 2 decimals and
 * thousands separators, another currency raw (as the server wrote it, never rounded), each followed by its unit when there is one.
 */
export function amountText(amount: string | null, unit: string | null): string {
  if (amount === null) return '';
  const shown = unit === null || unit === 'USD' ? formatAmount(amount) : amount;
  return unit === null ? shown : `${shown} ${unit}`;
}

/** Spec §4: opening an unread notification marks it read (then the list reloads from page 1). */
export const marksRead = (n: Notification) => isUnread(n);
