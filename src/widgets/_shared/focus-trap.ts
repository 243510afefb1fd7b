/**
 * The focus of a modal dialog (WAI-ARIA APG dialog pattern, issue #22): Tab from its last control goes to its
 * first, Shift+Tab from its first (or from the panel itself) to its last, so the keyboard never reaches the
 * page behind the backdrop. On close the focus goes back to what opened the dialog, or, when that is gone
 * (the row of a position just closed), to the nearest element around it that can still take it.
 */

const CANDIDATES =
  'a[href],button,input,select,textarea,summary,[tabindex],[contenteditable="true"],audio[controls],video[controls]';

/** Whether `el` is rendered (jsdom has no `checkVisibility`: there, only `hidden` and `inert` hide it). */
function shown(el: HTMLElement): boolean {
  if (el.closest('[hidden],[inert]')) return false;
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;
}

/**
 * The elements of `root` that Tab stops on, in document order: enabled, rendered, not taken out of the order
 * by a negative tabindex; of a named radio group only the checked radio (the first when none is).
 */
export function tabbablesIn(root: HTMLElement): HTMLElement[] {
  const all = [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.matches(':disabled') &&
      !(el instanceof HTMLInputElement && el.type === 'hidden') &&
      shown(el),
  );
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = all.filter(
      (other): other is HTMLInputElement =>
        other instanceof HTMLInputElement && other.type === 'radio' && other.name === el.name,
    );
    return (group.find((radio) => radio.checked) ?? group[0]) === el;
  });
}

/** What trapTab reads of a keydown (a DOM event or React's). */
export interface TabKeyEvent {
  key: string;
  shiftKey: boolean;
  target: EventTarget | null;
  defaultPrevented: boolean;
  preventDefault(): void;
}

/**
 * Keeps a Tab keydown inside `panel` (the element with `aria-modal`): wraps at either end and leaves every
 * other press to the browser. A press inside a dialog nested in `panel` is that dialog's to keep.
 */
export function trapTab(event: TabKeyEvent, panel: HTMLElement): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  if (event.target instanceof Element && event.target.closest('[aria-modal="true"]') !== panel) return;
  const items = tabbablesIn(panel);
  const active = (panel.getRootNode() as Document | ShadowRoot).activeElement;
  const inside = active !== panel && active !== null && panel.contains(active);
  const first = items[0];
  const last = items[items.length - 1];
  let next: HTMLElement | undefined;
  if (!first || !last) next = panel;
  else if (event.shiftKey) next = !inside || active === first ? last : undefined;
  else next = !inside || active === last ? first : undefined;
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/**
 * Where the focus goes back to when a dialog closes: `opener` while it is in the page, else the nearest of
 * `around` (its ancestors when the dialog opened, nearest first) that is still in the page and focusable;
 * null when none is.
 */
export function returnTarget(opener: HTMLElement | null, around: readonly Element[]): HTMLElement | null {
  if (opener?.isConnected) return opener;
  for (const el of around)
    if (el instanceof HTMLElement && el.isConnected && (el.tabIndex >= 0 || el.hasAttribute('tabindex')))
      return el;
  return null;
}

/**
 * Whether the focus is nowhere in particular: on the page's body (where the browser drops it when the focused
 * element is removed), or outside `root` when `root` is a shadow root that had it. A closing dialog returns
 * the focus only then, so a nested dialog closing with its drawer does not take back what the drawer placed.
 */
export function focusDropped(root: Document | ShadowRoot | undefined): boolean {
  const doc = root instanceof Document ? root : (root?.ownerDocument ?? document);
  const active = root?.activeElement ?? null;
  if (root instanceof Document || !root) return !active || active === doc.body;
  return !active && (!doc.activeElement || doc.activeElement === doc.body || doc.activeElement === root.host);
}

/** `el`'s ancestors, nearest first, across shadow roots (as returnTarget takes them). */
export function ancestorsOf(el: Element | null): Element[] {
  const chain: Element[] = [];
  for (let node: Node | null = el?.parentNode ?? null; node;) {
    if (node instanceof Element) chain.push(node);
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return chain;
}
