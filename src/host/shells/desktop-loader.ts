/**
 * The desktop shell's code, loaded only where the desktop shell shows (EK28): its trading layout, top bar,
 * order panel, side panels and overlays bring the chart, order forms, positions, history, account and sign-in
 * widgets, which a phone's first load does not run. The start-up loads it beside the config when the viewport
 * is a desktop's (startup/use-boot.ts), so a desktop's first paint does not wait a second round.
 */
import type * as DesktopShellModule from './desktop/desktop-shell';
import { DESKTOP_MIN_WIDTH } from './use-media-query';

type DesktopModule = typeof DesktopShellModule;

/** The module on its way, with its outcome once settled in the fields React's `use` reads (no fallback then). */
type Loading = Promise<DesktopModule> & {
  status?: 'fulfilled' | 'rejected';
  value?: DesktopModule;
  reason?: unknown;
};

let loading: Loading | null = null;

/** The desktop shell's module, loaded once; a failed load is tried again at the next call. */
export function loadDesktopShell(): Promise<DesktopModule> {
  if (loading) return loading;
  const load: Loading = import('./desktop/desktop-shell');
  load.then(
    (value) => {
      load.status = 'fulfilled';
      load.value = value;
    },
    (reason: unknown) => {
      load.status = 'rejected';
      load.reason = reason;
      // A chunk that failed on a bad connection is asked for again when the shell next renders.
      if (loading === load) loading = null;
    },
  );
  loading = load;
  return load;
}

/** Starts loading the desktop shell when the viewport is a desktop's; resolves once loaded or failed. */
export function preloadShell(): Promise<void> {
  if (!globalThis.matchMedia?.(`(min-width: ${DESKTOP_MIN_WIDTH}px)`).matches) return Promise.resolve();
  return loadDesktopShell().then(
    () => undefined,
    () => undefined,
  );
}
