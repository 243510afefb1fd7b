/**
 * Waiting for an expired option's result (spec §4 option lifecycle): `checkOptionOrderCompletion` first
 * after 1 s, then every 1.5 s, at most `tries` times (40 from the position list, 12 from the place form);
 * once completed, `findOption` gives the settled order. Anything else ends as 'failed': the tries ran out,
 * the order does not exist (402) or the detail could not be fetched.
 */
import { Code } from '../contract/codes';
import {
  OPTION_POLL_EVERY_MS,
  OPTION_POLL_FIRST_MS,
  checkOptionOrderCompletion,
  findOption,
} from '../contract/options';
import type { OptionOrder } from '../contract/options';
import type { Platform } from '../runtime/types';

/** How waiting ended. */
export type OptionSettlement = { kind: 'settled'; order: OptionOrder } | { kind: 'failed' };

/**
 * How a settlement push reaches the wait: called once with `onPush`, answers the function that stops
 * listening (e.g. `(onPush) => watchOptionSettled(feed, uid, onPush)` over the exchange feed).
 */
export type SettlementPushes = (onPush: () => void) => () => void;

/**
 * Start waiting for option `uid`; answers a function that stops it (no callback afterwards). With `pushes`,
 * a settlement push for the option makes the next check at once instead of at its poll time (a push that
 * lands while a check is under way makes one more check right after it, if that one was too early); the
 * poll stays the way the result is learnt when no push comes.
 */
export function awaitOptionSettlement(
  platform: Pick<Platform, 'api'>,
  uid: string,
  tries: number,
  onDone: (result: OptionSettlement) => void,
  pushes?: SettlementPushes,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  let checking = false;
  let pushed = false;
  const finish = (result: OptionSettlement) => {
    if (stopped) return;
    stopped = true;
    unlisten?.();
    onDone(result);
  };
  const check = async () => {
    if (stopped) return;
    checking = true;
    pushed = false;
    asked += 1;
    // Silent: a failure here is told by the drawer, not by the page's error toast.
    const done = await platform.api.call(checkOptionOrderCompletion, { uid }, { silent: true });
    checking = false;
    if (stopped) return;
    if (done.ok && done.data.completed) {
      const detail = await platform.api.call(findOption, { uid }, { silent: true });
      finish(detail.ok ? { kind: 'settled', order: detail.data } : { kind: 'failed' });
      return;
    }
    // A missing order will never settle; a network or server hiccup counts as one try.
    if ((!done.ok && done.code === Code.ORDER_NOT_FOUND) || asked >= tries) {
      finish({ kind: 'failed' });
      return;
    }
    timer = setTimeout(() => void check(), pushed ? 0 : OPTION_POLL_EVERY_MS);
  };
  timer = setTimeout(() => void check(), OPTION_POLL_FIRST_MS);
  const unlisten = pushes?.(() => {
    if (stopped) return;
    if (checking) {
      pushed = true;
      return;
    }
    clearTimeout(timer);
    void check();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    unlisten?.();
  };
}
