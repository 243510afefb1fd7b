// What the tests know of a page's session now that no credential is readable by page script (decision SC1):
// the access token as the page last sent it (seen by the test from outside the page), and the hint in local
// storage (who is signed in, never a credential).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const bearers = new WeakMap<Page, string>();

/** Remembers every bearer token the page sends (newPage calls it for every page). */
export function trackBearer(page: Page): void {
  page.on('request', (request) => {
    const auth = request.headers().authorization;
    if (auth?.startsWith('Bearer ')) bearers.set(page, auth.slice('Bearer '.length));
  });
}

/** The access token the page's session used last (waits for its first protected call). */
export async function pageToken(page: Page): Promise<string> {
  await expect.poll(() => bearers.get(page) ?? null, { timeout: 10_000 }).not.toBeNull();
  return bearers.get(page)!;
}

/** The page's session hint: `{uid, virtualStatus}` while signed in, null when signed out. */
export async function sessionHint(page: Page): Promise<{ uid: string; virtualStatus: string } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('tkSession') ?? 'null') as never);
}

/** Waits until the page is signed in, and checks that no token sits in its web storage. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect.poll(() => sessionHint(page), { timeout: 15_000 }).not.toBeNull();
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]),
  ).toEqual([null, null]);
}

/** Waits until the page is signed out. */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect.poll(() => sessionHint(page)).toBeNull();
}
