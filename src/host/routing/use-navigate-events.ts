/**
 * Widgets embedded as custom elements ask for a host route with the cancelable `tk-navigate` event; the host
 * follows in-app paths and cancels the event so the widget does not fall back to its own handling. (Widgets
 * in the host's React tree get `onNavigate` instead and dispatch no event.)
 */
import { useEffect } from 'react';
import type { TkNavigateEvent } from '../../widgets/_shared/events';
import { navigate } from './history';
import { returnPath } from './resolve';

/** Follows `tk-navigate` events that reach the document; other sites' URLs are left alone. */
export function useNavigateEvents(): void {
  useEffect(() => {
    const onNavigate = (event: TkNavigateEvent) => {
      const to = event.detail?.to;
      if (typeof to !== 'string' || returnPath(to) !== to) return;
      event.preventDefault();
      navigate(to);
    };
    document.addEventListener('tk-navigate', onNavigate);
    return () => document.removeEventListener('tk-navigate', onNavigate);
  }, []);
}
