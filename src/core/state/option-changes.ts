/**
 * A page-wide signal that the account's running options changed (one was placed): every list of running
 * options on the page (positions, the chart's option lines) asks again at once instead of at its next
 * refresh. Per platform, so two platforms on one page (tests, two brands) never hear each other.
 */
import type { Platform } from '../runtime/types';

const listeners = new WeakMap<Platform, Set<() => void>>();

/** Tell every listener of `platform` that the running options changed. */
export function announceOptionsChanged(platform: Platform): void {
  for (const listener of [...(listeners.get(platform) ?? [])]) listener();
}

/** Listen to `announceOptionsChanged` of `platform`; returns the unsubscribe function. */
export function onOptionsChanged(platform: Platform, listener: () => void): () => void {
  let set = listeners.get(platform);
  if (!set) listeners.set(platform, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}
