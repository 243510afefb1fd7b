/**
 * Pure rules of <tk-notifications> (spec §2, §4, §8): the page request (paging is _shared/paging.ts), which text a notification
 * shows (the alarm code's, or its own for action type 4), and what opening one does.
 */
import { NOTIFICATION_PAGE_SIZE, ReadStatus } from '../../core/contract/notifications';
import type { Notification } from '../../core/contract/notifications';

/** The request of a page (spec §7: `{page, limit 10}`). */
export const queryFor = (page: number) => ({ page, limit: NOTIFICATION_PAGE_SIZE });

/** Whether a notification is unread (spec §3: readStatus 0). */
export const isUnread = (n: Pick<Notification, 'readStatus'>) => n.readStatus === ReadStatus.unread;

// Which text a notification shows is shared with the server's Web Push (src/core/domain/notification-text.ts).
export {
  amountText,
  closeOutFacts,
  KNOWN_ALARMS,
  textSource,
  type CloseOutFacts,
  type TextSource,
} from '../../core/domain/notification-text';

/** Spec §4: opening an unread notification marks it read (then the list reloads from page 1). */
export const marksRead = (n: Notification) => isUnread(n);
