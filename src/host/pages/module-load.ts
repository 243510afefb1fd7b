/**
 * A chunk's load as React's `use` reads it: the host's pages (registry.ts) and the desktop shell
 * (shells/desktop-loader.ts) are code loaded when first shown, and a load already settled must render without
 * suspending, so a loaded page or shell never flashes its fallback.
 */

/** A load on its way, carrying its outcome once settled in the fields React's `use` reads. */
export type Loading<T> = Promise<T> & {
  status?: 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

/**
 * `load`, marked with its outcome as it settles; `onFailure` runs when it fails (a chunk that failed on a bad
 * connection is forgotten by its owner and asked for again next time).
 */
export function trackLoad<T>(load: Promise<T>, onFailure: () => void): Loading<T> {
  const tracked: Loading<T> = load;
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
      onFailure();
    },
  );
  return tracked;
}
