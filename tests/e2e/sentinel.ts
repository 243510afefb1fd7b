// "No second socket" needs a point after which none can still come: the page opens a marked socket of its own
// and the test waits until it sees it, so any socket the widgets opened before is already counted.
import type { Page } from 'playwright-core';

/** The marker a sentinel socket's URL carries (`?tk-sentinel=1`): filter it out of the counted sockets. */
export const SENTINEL = 'tk-sentinel';

/** Opens a market socket from the page and waits until the test sees it; the socket is closed at once. */
export async function sentinelSocket(page: Page, platform: string): Promise<void> {
  const url = `${platform.replace(/^http/, 'ws')}/market-ws?${SENTINEL}=1`;
  const seen = page.waitForEvent('websocket', {
    predicate: (socket) => socket.url() === url,
    timeout: 10_000,
  });
  await page.evaluate((to) => {
    const socket = new WebSocket(to);
    socket.addEventListener('open', () => socket.close());
  }, url);
  await seen;
}
