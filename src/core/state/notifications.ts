/**
 * The signed-in user's unread notification count (spec §2 unread badges, §4): read once over HTTP
 * (`getUnreadCount`) when the user signs in, then kept by the exchange socket's pushes without a reload.
 * Mounting the atom subscribes the page's exchange feed (ref-counted) and the session; one count per page.
 */
import { NotificationUnreadCount } from '../contract/notifications';
import { pageSingletonMap } from '../runtime/page-singleton';
import type { Platform } from '../runtime/types';
import { getSession } from '../session/session';
import { getOrders } from './orders';
import { atom } from './store';
import type { Atom } from './store';

/** A notification the socket just announced: what the page's toast says (decisions AN3). */
export interface NotificationArrival {
  id: string;
  alarmType: number;
  paymentPrice: string | null;
  paymentUnit: string | null;
  /** Increases with every arrival, so two equal notices in a row are two toasts. */
  seq: number;
}

/** The page's unread count. */
export interface NotificationUnread {
  /** The count; null while signed out or before the first answer. */
  count: Atom<number | null>;
  /** Ask the server again (after the user read one here). */
  refresh(): Promise<void>;
  /** Take a count the server just answered (the `read` call's `unread`). */
  accept(unread: number): void;
  /**
   * The last notification pushed while this atom is mounted; null before one. A push heard before mounting
   * is not replayed: a toast announces what arrives now, the list keeps the rest.
   */
  arrival: Atom<NotificationArrival | null>;
}

/** Build the unread count of a platform. Prefer getNotificationUnread(). */
export function createNotificationUnread(platform: Platform): NotificationUnread {
  const session = getSession(platform);
  const base = atom<number | null>(null);
  /** Bumped by every value that arrives, so an HTTP answer older than a push is dropped. */
  let version = 0;
  let user: string | null = null;

  const put = (value: number | null) => {
    version += 1;
    platform.store.set(base, value);
  };

  async function refresh(): Promise<void> {
    const state = session.getState();
    if (state.status !== 'signedIn') return;
    const asked = version;
    const result = await platform.api.call(NotificationUnreadCount, {}, { silent: true });
    if (!result.ok || asked !== version || session.getState().uid !== state.uid) return;
    put(result.data.unread);
  }

  function followSession(): void {
    const state = session.getState();
    const next = state.status === 'signedIn' ? state.uid : null;
    if (next === user) return;
    user = next;
    put(null);
    if (next !== null) void refresh();
  }

  // Writable so that jotai runs its onMount (as the order atoms' `live` does).
  const count = atom(
    (get) => get(base),
    (_get, set, value: number | null) => set(base, value),
  );
  count.onMount = () => {
    let lastSeq = 0;
    const releaseFeed = getOrders(platform).feed.subscribe((snapshot) => {
      const push = snapshot.notifications;
      if (!push || push.seq === lastSeq) return;
      lastSeq = push.seq;
      put(push.unread);
    });
    const releaseSession = session.subscribe(followSession);
    user = null;
    followSession();
    return () => {
      releaseFeed();
      releaseSession();
    };
  };
  const arrivalBase = atom<NotificationArrival | null>(null);
  const arrival = atom(
    (get) => get(arrivalBase),
    (_get, set, value: NotificationArrival | null) => set(arrivalBase, value),
  );
  let arrivals = 0;
  arrival.onMount = (set) => {
    const feed = getOrders(platform).feed;
    let seen = feed.getSnapshot().notifications;
    return feed.subscribe((snapshot) => {
      const push = snapshot.notifications;
      if (!push || push === seen) return;
      seen = push;
      if (push.newId === null || push.alarmType === null) return;
      arrivals += 1;
      set({
        id: push.newId,
        alarmType: push.alarmType,
        paymentPrice: push.paymentPrice,
        paymentUnit: push.paymentUnit,
        seq: arrivals,
      });
    });
  };
  return { count, refresh, accept: (unread) => put(unread), arrival };
}

const pageUnread = pageSingletonMap<Platform, NotificationUnread>('notificationUnread', (platform) =>
  createNotificationUnread(platform),
);

/** The page's unread notification count, created on first use (shared across bundles). */
export function getNotificationUnread(platform: Platform): NotificationUnread {
  return pageUnread.get(platform);
}
