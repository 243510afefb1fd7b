/**
 * Pure rules of <tk-notifications> (spec §2, §4, §8): paging with its stop rules, which text a notification
 * shows (the alarm code's, or its own for action type 4), and what opening one does.
 */
import {
  AlarmType,
  NOTIFICATION_PAGE_SIZE,
  OWN_TEXT_ACTION,
  ReadStatus,
} from '../../core/contract/notifications';
import type { Notification, NotificationPage } from '../../core/contract/notifications';
import type { CallResult } from '../../core/runtime/types';

/** Loading gives up after more than this many answers with code -1 (spec §4). */
export const MAX_INVALID_ANSWERS = 5;
const INVALID = -1;

/** Alarm codes with a text of their own (spec §8); others fall back on the notification's own text. */
export const KNOWN_ALARMS: readonly number[] = Object.values(AlarmType);
/** Codes whose text names the payment amount. */
const WITH_AMOUNT: readonly number[] = [AlarmType.withdrawalRejected, AlarmType.depositRejected];

/** The list loaded so far and whether more may come. */
export interface Paging {
  items: Notification[];
  /** Last page loaded (0 before the first). */
  page: number;
  pages: number | null;
  /** No more pages will be asked for. */
  done: boolean;
  /** Answers with code -1 so far. */
  invalid: number;
  /** A failure to show (loading pauses until retry). */
  error: string | null;
}

/** Before the first page. */
export const INITIAL_PAGING: Paging = {
  items: [],
  page: 0,
  pages: null,
  done: false,
  invalid: 0,
  error: null,
};

/** The request of a page (spec §7: `{page, limit 10}`). */
export const queryFor = (page: number) => ({ page, limit: NOTIFICATION_PAGE_SIZE });

/** The page to ask for next, or null when loading stopped or waits for a retry. */
export function nextPage(paging: Paging): number | null {
  return paging.done || paging.error ? null : paging.page + 1;
}

/**
 * Paging after the answer for `page`: stops at the last page, on an empty list, or after more than
 * MAX_INVALID_ANSWERS answers with code -1; other failures pause until retry. A notification that arrived
 * between two pages shifts them: the same one is not listed twice.
 */
export function applyPage(paging: Paging, page: number, result: CallResult<NotificationPage>): Paging {
  if (!result.ok) {
    if (result.code !== INVALID) return { ...paging, error: result.message };
    const invalid = paging.invalid + 1;
    return { ...paging, invalid, done: invalid > MAX_INVALID_ANSWERS };
  }
  const list = Array.isArray(result.data?.list) ? result.data.list : [];
  const known = new Set(paging.items.map((n) => n.id));
  const pages = typeof result.data?.pages === 'number' ? result.data.pages : null;
  return {
    ...paging,
    items: [...paging.items, ...list.filter((n) => !known.has(n.id))],
    page,
    pages,
    done: list.length === 0 || pages === null || page >= pages,
    error: null,
  };
}

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
