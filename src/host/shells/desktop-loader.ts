/**
 * The desktop shell's code, loaded only where the desktop shell shows (EK28): its trading layout, top bar,
 * order panel, side panels and overlays bring the chart, order forms, positions, history, account and sign-in
 * widgets, which a phone's first load does not run. The start-up loads it beside the config when the viewport
 * is a desktop's (startup/use-boot.ts), so a desktop's first paint does not wait a second round.
 */
import type * as DesktopShellModule from './desktop/desktop-shell';
import { trackLoad, type Loading } from '../pages/module-load';
import { DESKTOP_QUERY } from './use-media-query';

type DesktopModule = typeof DesktopShellModule;

let loading: Loading<DesktopModule> | null = null;

/** The desktop shell's module, loaded once; a failed load is tried again at the next call. */
export function loadDesktopShell(): Promise<DesktopModule> {
  if (loading) return loading;
  // A chunk that failed on a bad connection is asked for again when the shell next renders.
  const load = trackLoad(import('./desktop/desktop-shell'), () => {
    if (loading === load) loading = null;
  });
  loading = load;
  return load;
}

/** Whether the viewport is a desktop's now (the desktop shell shows). */
export function isDesktopViewport(): boolean {
  return !!globalThis.matchMedia?.(DESKTOP_QUERY).matches;
}

/** Starts loading the desktop shell when the viewport is a desktop's; resolves once loaded or failed. */
export function preloadShell(): Promise<void> {
  if (!isDesktopViewport()) return Promise.resolve();
  return loadDesktopShell().then(
    () => undefined,
    () => undefined,
  );
}
