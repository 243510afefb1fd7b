import { createContext, useCallback, useContext } from 'react';
import { CALLBACK_PROPS, TK_EVENTS } from './events';
import type { EventCallbacks, TkEventDetails, TkEventName } from './events';

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
