/**
 * Keeps the keyboard focus in a box whose focused element goes away (issue #22): the row of a position just
 * closed leaves the list, the Buy button of the phone's chart page goes with the page it leads away from, and
 * the browser drops the focus to the document, so the next Tab starts again at the top. The box (with
 * `tabindex="-1"`) takes the focus instead, where the trader was.
 */
import { useCallback } from 'react';

/**
 * Watches `box` until the returned function is called: after each change of its elements, when the element
 * focused last inside it is gone and the focus went with it to the page (or to an element around the box),
 * not elsewhere on purpose, the box takes the focus.
 */
export function keepFocusIn(box: HTMLElement): () => void {
  let last: Element | null = null;
  const onFocusIn = (event: FocusEvent) => (last = event.target as Element);
  const observer = new MutationObserver(() => {
    if (!last || last.isConnected) return;
    last = null;
    takeDroppedFocus(box);
  });
  box.addEventListener('focusin', onFocusIn);
  observer.observe(box, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    box.removeEventListener('focusin', onFocusIn);
  };
}

/**
 * `box` takes the focus when it fell to the page or to an element around the box (not elsewhere on purpose);
 * whether it did.
 */
export function takeDroppedFocus(box: HTMLElement): boolean {
  const active = (box.getRootNode() as Document | ShadowRoot).activeElement;
  if (active && !active.contains(box)) return false;
  box.focus({ preventScroll: true });
  return true;
}

/** A callback ref for the box (it may come and go with the component's states): keepFocusIn while attached. */
export function useFocusKeeper<T extends HTMLElement>(): (box: T | null) => (() => void) | undefined {
  return useCallback((box: T | null) => (box ? keepFocusIn(box) : undefined), []);
}
