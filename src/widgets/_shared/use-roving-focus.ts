/**
 * Roving tabindex for a `role="toolbar"` (WAI-ARIA APG toolbar pattern): the toolbar is one Tab stop, the
 * arrow keys move between its enabled controls, Home and End go to the ends, and Tab comes back to the
 * control used last. Controls are found in the DOM after every render, so the toolbar's own markup stays
 * as it is.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, RefObject } from 'react';

const ITEMS = 'button:not(:disabled), select:not(:disabled), input:not(:disabled)';

/** The toolbar's enabled controls in document order. */
const itemsOf = (root: HTMLElement | null) => [...(root?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];

/** Returns the props for the toolbar element: a ref, onKeyDown and onFocus. */
export function useRovingFocus<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  onKeyDown: (event: KeyboardEvent<T>) => void;
  onFocus: (event: { target: EventTarget }) => void;
} {
  const ref = useRef<T>(null);
  const current = useRef(0);

  // Every render: one control takes the Tab stop (the last one used, while it is still there and enabled).
  useLayoutEffect(() => {
    const list = itemsOf(ref.current);
    if (current.current >= list.length) current.current = 0;
    list.forEach((el, i) => (el.tabIndex = i === current.current ? 0 : -1));
  });

  const onFocus = useCallback((event: { target: EventTarget }) => {
    const list = itemsOf(ref.current);
    const index = list.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    current.current = index;
    list.forEach((el, i) => (el.tabIndex = i === index ? 0 : -1));
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent<T>) => {
    const list = itemsOf(ref.current);
    const index = list.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    // Up and Down belong to a select (they change its value).
    const inSelect = (event.target as HTMLElement).tagName === 'SELECT';
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: list.length - 1,
      ...(inSelect ? {} : { ArrowDown: index + 1, ArrowUp: index - 1 }),
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    list[(to + list.length) % list.length]?.focus();
  }, []);

  return { ref, onKeyDown, onFocus };
}
