/** Viewport-width breakpoints of the host, re-evaluated whenever the window is resized. */
import { useCallback, useSyncExternalStore } from 'react';

/** Desktop shell from this width on (spec §2 layouts: mobile below 1024 px). */
export const DESKTOP_MIN_WIDTH = 1024;
/** The media query of the desktop shell's widths. */
export const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;
/** Colour theme choices show only above this width (spec §2). */
export const WIDE_MIN_WIDTH = 1601;

/** Whether a media query matches now (follows changes). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener?.('change', notify);
      return () => list?.removeEventListener?.('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => !!window.matchMedia?.(query).matches,
    () => false,
  );
}

/** True from DESKTOP_MIN_WIDTH on. */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}

/** True above 1600 px. */
export function useIsWide(): boolean {
  return useMediaQuery(`(min-width: ${WIDE_MIN_WIDTH}px)`);
}
