import { useCallback, useRef } from 'react';
import { TkNavigateEvent } from '../_shared/events';
import type { NavigateDetail } from '../_shared/events';
import { useHostState } from '../_shared/host-state';
import { useWidgetHost } from '../_shared/widget-host';
import { parseView, viewOfPath } from './account.logic';
import type { AccountView } from './account.logic';

/** Props the navigation reads. */
export interface NavProps {
  view?: string;
  onNavigate?: (detail: NavigateDetail) => void;
}

/**
 * The view to show and `navigate(to)`. A page that routes (a React host passing `onNavigate`, or a listener
 * cancelling `tk-navigate`) decides; otherwise the widget switches its own view for its own pages, so a
 * standalone <tk-account> still works on a page without a router. A new `view` attribute wins again.
 */
export function useAccountNav(props: NavProps): { view: AccountView; navigate: (to: string) => void } {
  const host = useWidgetHost();
  const [local, setLocal] = useHostState<{ from: string | undefined; view: AccountView } | null>(
    'account.view',
    null,
  );
  const view = local && local.from === props.view ? local.view : parseView(props.view);
  // A stable navigate: pages often pass a new callback on every render.
  const onNavigate = useRef(props.onNavigate);
  onNavigate.current = props.onNavigate;
  const navigate = useCallback(
    (to: string) => {
      if (onNavigate.current) return onNavigate.current({ to });
      const event = new TkNavigateEvent({ to });
      host?.dispatchEvent(event);
      if (event.defaultPrevented) return;
      const next = viewOfPath(to);
      if (next) setLocal({ from: props.view, view: next });
    },
    [host, props.view, setLocal],
  );
  return { view, navigate };
}
