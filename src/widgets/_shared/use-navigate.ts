/**
 * `tk-navigate` with a fallback: the page routes (a host React tree passes `onNavigate`; a page listening
 * on the element cancels the event). When nobody handles it — a standalone widget on a partner page — the
 * widget handles what it can itself.
 */
import { useCallback } from 'react';
import type { NavigateDetail } from './events';
import { TkNavigateEvent } from './events';
import { useWidgetHost } from './widget-host';

/** Ask the page to navigate; `fallback` runs when no one handled it. */
export function useNavigate(
  onNavigate: ((detail: NavigateDetail) => void) | undefined,
  fallback: (to: string) => void,
): (to: string) => void {
  const host = useWidgetHost();
  return useCallback(
    (to: string) => {
      if (onNavigate) return onNavigate({ to });
      const handled = host ? !host.dispatchEvent(new TkNavigateEvent({ to })) : false;
      if (!handled) fallback(to);
    },
    [onNavigate, host, fallback],
  );
}
