/**
 * Pure rules of <tk-notifications> (spec §2, §4, §8): the page request (paging is _shared/paging.ts), which text a notification
 * shows (the alarm code's, or its own for action type 4), and what opening one does.
 */
import {
  AlarmType,
  NOTIFICATION_PAGE_SIZE,
  OWN_TEXT_ACTION,
  ReadStatus,
} from '../../core/contract/notifications';
import type { Notification } from '../../core/contract/notifications';

/** Alarm codes with a text of their own (spec §8); others fall back on the notification's own text. */
export const KNOWN_ALARMS: readonly number[] = Object.values(AlarmType);
/** Codes whose text names the payment amount. */
const WITH_AMOUNT: readonly number[] = [AlarmType.withdrawalRejected, AlarmType.depositRejected];

/** The request of a page (spec §7: `{page, limit 10}`). */
export const queryFor = (page: number) => ({ page, limit: NOTIFICATION_PAGE_SIZE });

/** Whether a notification is unread (spec §3: readStatus 0). */
export const isUnread = (n: Pick<Notification, 'readStatus'>) => n.readStatus === ReadStatus.unread;

/** What to show: i18n keys with their values, or the notification's own text. */
export type TextSource =
  { kind: 'own'; title: string; body: string } | { kind: 'code'; code: number; amount: string | null };

/**
 * Spec §8: action type 4 shows the notification's own title and content; a known alarm code shows its
 * translated text (629005 and 629006 with the payment amount); an unknown code falls back on the own text.
 */
export function textSource(n: Notification): TextSource {
  if (n.actionType === OWN_TEXT_ACTION || !KNOWN_ALARMS.includes(n.alarmType)) {
    return { kind: 'own', title: n.title, body: n.content };
  }
  return {
    kind: 'code',
    code: n.alarmType,
    amount: WITH_AMOUNT.includes(n.alarmType) ? n.paymentPrice : null,
  };
}

/** Spec §4: opening an unread notification marks it read (then the list reloads from page 1). */
export const marksRead = (n: Notification) => isUnread(n);
