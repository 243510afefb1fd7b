// Keyboard steps (issue #26 item 11, issue #22): Tab through the page as a keyboard user does and count the
// presses; check that what has the focus can be seen, and that a dialog keeps the focus while it is open.
import type { Page } from 'playwright-core';

/** What has the keyboard focus, through open shadow roots: its test id, text and role. */
export interface Focused {
  testid: string | null;
  text: string;
  tag: string;
  /** Its `aria-label`, or null. */
  label: string | null;
  /** Whether it lies inside the element with this id (an ancestor, across shadow roots). */
  within: string[];
  /** The name of the nearest modal dialog around it (its labelling element's text), or null outside one. */
  dialog: string | null;
}

/** The deepest focused element, described. */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const within: string[] = [];
    let dialog: string | null = null;
    for (let a: Node | null = el; a;) {
      if (a instanceof Element && a.id) within.push(a.id);
      if (dialog === null && a instanceof Element && a.getAttribute('aria-modal') === 'true') {
        const labelId = a.getAttribute('aria-labelledby');
        const root = a.getRootNode() as Document | ShadowRoot;
        const label = labelId ? root.getElementById?.(labelId) : null;
        dialog = (label?.textContent ?? a.getAttribute('aria-label') ?? '').trim();
      }
      const root: Node = a.getRootNode();
      a = a.parentNode ?? (root instanceof ShadowRoot ? root.host : null);
    }
    return {
      testid: el?.getAttribute('data-testid') ?? null,
      text: (el?.textContent ?? '').trim().slice(0, 60),
      tag: el?.tagName.toLowerCase() ?? '',
      label: el?.getAttribute('aria-label') ?? null,
      within,
      dialog,
    };
  });
}

/** A short name of a focused element for messages: its test id, else its tag and text. */
export const nameOf = (f: Focused): string => f.testid ?? `${f.tag}:${f.label ?? f.text}`;

/**
 * Presses Tab until `reached` holds for the focused element, at most `max` times; returns the presses, or
 * throws with the path taken.
 */
export async function tabUntil(
  page: Page,
  reached: (f: Focused) => boolean,
  max: number,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<number> {
  const path: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (reached(now)) return presses;
    path.push(nameOf(now));
  }
  throw new Error(`not reached in ${max} ${key}s: ${path.join(' → ')}`);
}

/** Why the focused element cannot be seen, or null when it can (see assertVisibleFocus). */
function focusProblem(): string | null {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body || el === document.documentElement) return 'nothing has the focus';
  const name = `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  const style = getComputedStyle(el);
  // The ring of LA2 is an outline with an inset shadow; a shadow alone may be the surface colour (host main).
  const ring =
    style.outlineStyle !== 'none' &&
    parseFloat(style.outlineWidth) >= 1 &&
    !/, 0\)$|transparent/.test(style.outlineColor);
  if (!ring) return `${name} has no focus ring (outline ${style.outlineStyle} ${style.outlineWidth})`;
  // The part of it inside the viewport.
  const rect = el.getBoundingClientRect();
  const [left, top] = [Math.max(0, rect.left), Math.max(0, rect.top)];
  const [right, bottom] = [Math.min(innerWidth, rect.right), Math.min(innerHeight, rect.bottom)];
  if (right - left < 1 || bottom - top < 1) return `${name} is outside the viewport`;
  // Not entirely hidden (WCAG 2.4.11), under something else or scrolled out of a box around it: one of nine
  // points of that part hits it.
  let cover = '';
  for (const fx of [0.1, 0.5, 0.9])
    for (const fy of [0.1, 0.5, 0.9]) {
      const [x, y] = [left + (right - left) * fx, top + (bottom - top) * fy];
      let hit: Element | null = document.elementFromPoint(x, y);
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      for (let a: Node | null = hit; a; a = a instanceof ShadowRoot ? a.host : a.parentNode)
        if (a === el) return null;
      cover = `<${hit?.tagName.toLowerCase()}.${hit?.className}>`;
    }
  return `${name} is covered or scrolled out of view (${cover} is there)`;
}

/**
 * Throws unless the focused element (through shadow roots) shows a focus ring (a computed outline that is
 * not transparent; LA2 draws it with an inset shadow), some of it lies in the viewport, and that part is not entirely covered by something else or
 * scrolled out of a box around it.
 */
export async function assertVisibleFocus(page: Page, step: string): Promise<void> {
  const problem = await page.evaluate(focusProblem);
  if (problem) throw new Error(`${step}: ${problem}`);
}

/**
 * Presses Tab `presses` times, then Shift+Tab as often: the focus must stay in the modal dialog named `name`
 * (a trap) and be visible at every press. Answers the distinct elements visited, in order.
 */
export async function assertFocusTrapped(page: Page, name: string, presses: number): Promise<string[]> {
  const seen: string[] = [];
  for (const key of ['Tab', 'Shift+Tab'] as const)
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const now = await focused(page);
      if (now.dialog !== name)
        throw new Error(`${key} ${i + 1} left the dialog "${name}" for ${nameOf(now)} (${now.dialog})`);
      await assertVisibleFocus(page, `${key} ${i + 1} in "${name}"`);
      if (!seen.includes(nameOf(now))) seen.push(nameOf(now));
    }
  return seen;
}
