// Keyboard steps (issue #26 item 11): Tab through the page as a keyboard user does and count the presses.
import type { Page } from 'playwright-core';

/** What has the keyboard focus, through open shadow roots: its test id, text and role. */
export interface Focused {
  testid: string | null;
  text: string;
  tag: string;
  /** Whether it lies inside the element with this id (an ancestor, across shadow roots). */
  within: string[];
}

/** The deepest focused element, described. */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const within: string[] = [];
    for (let a: Node | null = el; a;) {
      if (a instanceof Element && a.id) within.push(a.id);
      const root: Node = a.getRootNode();
      a = a.parentNode ?? (root instanceof ShadowRoot ? root.host : null);
    }
    return {
      testid: el?.getAttribute('data-testid') ?? null,
      text: (el?.textContent ?? '').trim().slice(0, 60),
      tag: el?.tagName.toLowerCase() ?? '',
      within,
    };
  });
}

/**
 * Presses Tab until `reached` holds for the focused element, at most `max` times; returns the presses, or
 * throws with the path taken.
 */
export async function tabUntil(page: Page, reached: (f: Focused) => boolean, max: number): Promise<number> {
  const path: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (reached(now)) return presses;
    path.push(now.testid ?? `${now.tag}:${now.text}`);
  }
  throw new Error(`not reached in ${max} Tabs: ${path.join(' → ')}`);
}
