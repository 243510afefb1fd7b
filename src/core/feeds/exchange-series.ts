/**
 * The exchange socket's event numbers on the page's side (RP4): the last one handled per user, which the feed
 * sends as `since` when it connects again; an event handled before is dropped, a missing one makes it connect
 * again. One series per user covers both accounts (the server numbers the user's events, not an account's).
 */
import { journalMarkOf } from './exchange-feed-message';

export interface EventSeries {
  /**
   * The last number handled for the user; undefined before the first socket was told where it stands, so that
   * `JSON.stringify` leaves `since` out of that socket's first message.
   */
  since(uid: string): number | undefined;
  /**
   * Whether a frame goes on to the store: false for an event handled before (nothing twice), for the frame
   * after a gap (`onGap` connects again with `since`, so nothing is lost) and for the journal's own marks.
   */
  admit(uid: string, data: unknown): boolean;
}

/**
 * Kept in memory for the page's life only, not in sessionStorage: a reloaded page loads its lists and counts
 * anew, and a replay to it would announce again what the page before it announced.
 */
export function createEventSeries(
  debug: (message: string) => void,
  onGap: ReadonlyArray<() => void>,
): EventSeries {
  const handled = new Map<string, number>();
  return {
    since: (uid) => handled.get(uid),
    admit(uid, data) {
      const mark = journalMarkOf(data);
      if (!mark) return true;
      const last = handled.get(uid);
      // `resync` says where the series goes on; what came before it is in the lists and counts sent now.
      if (mark.ordertype === 'resync') {
        handled.set(uid, mark.seq);
        return false;
      }
      if (last !== undefined && mark.seq <= last) {
        debug(`exchange event ${mark.seq} was handled before`);
        return false;
      }
      if (last !== undefined && mark.seq > last + 1) {
        debug(`exchange events ${last + 1}…${mark.seq - 1} missing: connecting again`);
        for (const step of onGap) step();
        return false;
      }
      handled.set(uid, mark.seq);
      return mark.ordertype !== 'skipped';
    },
  };
}
