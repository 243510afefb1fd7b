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

/** Start waiting for option `uid`; answers a function that stops it (no callback afterwards). */
export function awaitOptionSettlement(
  platform: Pick<Platform, 'api'>,
  uid: string,
  tries: number,
  onDone: (result: OptionSettlement) => void,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  const finish = (result: OptionSettlement) => {
    if (stopped) return;
    stopped = true;
    onDone(result);
  };
  const check = async () => {
    if (stopped) return;
    asked += 1;
    // Silent: a failure here is told by the drawer, not by the page's error toast.
    const done = await platform.api.call(checkOptionOrderCompletion, { uid }, { silent: true });
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
    timer = setTimeout(() => void check(), OPTION_POLL_EVERY_MS);
  };
  timer = setTimeout(() => void check(), OPTION_POLL_FIRST_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
