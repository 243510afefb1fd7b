import { createContext, useCallback, useContext, useLayoutEffect } from 'react';
import { CALLBACK_PROPS, TK_EVENTS } from './events';
import type { EventCallbacks, TkEventDetails, TkEventName } from './events';
import { styleNonce } from './styles';

/**
 * The custom element a widget is rendered in, or null inside a host React tree. Set by defineWidget only;
 * widgets use it through useEmit, WidgetRoot and useHostState.
 */
export const WidgetHostContext = createContext<HTMLElement | null>(null);

/** The element that hosts this widget (null inside a host React tree). */
export function useWidgetHost(): HTMLElement | null {
  return useContext(WidgetHostContext);
}

/** Emit a widget output by name with its typed detail. */
export type Emit = <K extends TkEventName>(name: K, detail: TkEventDetails[K]) => void;

/**
 * The widget's output channel. One call serves both embeddings: the matching `on…` callback prop is
 * called (what a host React tree passes) and, inside a custom element, the typed DOM event is dispatched
 * from the element (what a brand page listens to).
 */
export function useEmit(callbacks: EventCallbacks): Emit {
  const host = useWidgetHost();
  return useCallback<Emit>(
    (name, detail) => {
      const callback = callbacks[CALLBACK_PROPS[name]] as ((d: typeof detail) => void) | undefined;
      callback?.(detail);
      host?.dispatchEvent(new TK_EVENTS[name](detail));
    },
    [callbacks, host],
  );
}

/**
 * The CSS of a shared part that only some widgets show (the drawer, the toast, the account strip): written
 * once into the widget's shadow root, or into the document inside a host React tree, when the part first
 * mounts, before the browser paints it. It goes ahead of the shared and the widget CSS, so a widget's own
 * rules still refine the part's as they did when the part's CSS was in the shared CSS, and a widget that never
 * shows the part (tk-quotes) does not download it with its first paint. With `late`, the CSS is the rest of the
 * widget's own CSS, loaded after its first paint with the code that needs it (the quote table): it goes after
 * every style already there, so it keeps the place the widget's CSS had.
 */
export function usePartCss(id: string, css: string, late = false): void {
  const host = useWidgetHost();
  useLayoutEffect(() => {
    const root: Document | ShadowRoot = host?.shadowRoot ?? document;
    if (root.querySelector(`style[data-tk-part="${id}"]`)) return;
    const style = document.createElement('style');
    style.dataset.tkPart = id;
    const nonce = styleNonce();
    if (nonce) style.nonce = nonce;
    style.textContent = css;
    const parent = 'head' in root ? root.head : root;
    parent.insertBefore(style, late ? null : parent.firstChild);
  }, [host, id, css, late]);
}
