import { useCallback, useRef } from 'react';
import { TkNavigateEvent } from './events';
import type { NavigateDetail } from './events';
import { useHostState } from './host-state';
import { useWidgetHost } from './widget-host';

/** Props the navigation of a widget with pages of its own reads. */
export interface ViewNavProps {
  view?: string;
  onNavigate?: (detail: NavigateDetail) => void;
}

/** How a widget names its pages: its `view` attribute's value, and the page of one of its paths. */
export interface ViewNames<V> {
  parseView: (value: string | undefined) => V;
  viewOfPath: (path: string) => V | null;
}

/**
 * The view a widget with pages of its own (account, wallet) shows, and `navigate(to)`. A page that routes (a
 * React host passing `onNavigate`, or a listener cancelling `tk-navigate`) decides; otherwise the widget
 * switches its own view for its own pages, so a standalone element still works on a page without a router.
 * A new `view` attribute wins again. `key` names the view in the element's host state.
 */
export function useViewNav<V>(
  key: string,
  props: ViewNavProps,
  { parseView, viewOfPath }: ViewNames<V>,
): { view: V; navigate: (to: string) => void } {
  const host = useWidgetHost();
  const [local, setLocal] = useHostState<{ from: string | undefined; view: V } | null>(key, null);
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
    [host, props.view, setLocal, viewOfPath],
  );
  return { view, navigate };
}
