// Notifications in Chromium at 390×844 and 1440×900: an operator sends a new message through the admin
// route, the signed-in trader's unread badge shows 1 without a reload (exchange socket push), opening it
// shows its own title and content and marks it read, and the badge goes away.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, signIn } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { fundedAccount, post } from './trading-steps';

const { browser } = useBrowser();

/** The unread badge of the shell: the user menu's Notification row, or the desktop dialog's item. */
const badge = (page: Page, vp: ViewportName) =>
  page.getByTestId(vp === 'mobile' ? 'menu-notification-unread' : 'dialog-notification-unread');

describe.each<ViewportName>(['mobile', 'desktop'])('notifications at %s', (vp) => {
  it('shows an operator message live, opens it and clears the badge', { timeout: 120_000 }, async () => {
    const account = await fundedAccount('100');
    const { context, page } = await openPage(browser(), vp);
    try {
      await open(page, '/login');
      await signIn(page, vp, account);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      // Mobile waits on the user menu, desktop on the notifications page of the account dialog.
      await open(page, vp === 'mobile' ? '/user' : '/user/notification');
      const where = page.getByTestId(vp === 'mobile' ? 'menu-notification' : 'account-dialog');
      await where.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await badge(page, vp).count()).toBe(0);

      const title = `Maintenance ${vp}`;
      const sent = await post<{ id: string }>(
        `/admin/v1/users/${account.uid}/notifications`,
        { title, content: 'Trading pauses tonight from 22:00 to 22:15 UTC.' },
        'admin',
      );
      expect(sent.code).toBe(0);
      await expect.poll(() => badge(page, vp).textContent(), { timeout: 15_000 }).toBe('1');
      await screenshot(page, 'notification-badge', vp);

      if (vp === 'mobile') {
        await page.getByTestId('menu-notification').click();
        await page.getByTestId('notifications-page').waitFor({ state: 'visible' });
      }
      const item = page.locator(`li[data-notification="${sent.data.id}"]`);
      await item.waitFor({ state: 'visible', timeout: 15_000 });
      await item.getByRole('button').click();
      const detail = page.getByRole('dialog', { name: 'Notification details' });
      await detail.waitFor({ state: 'visible' });
      expect(await detail.getByText('Trading pauses tonight from 22:00 to 22:15 UTC.').count()).toBe(1);
      expect(await detail.getByText(title).count()).toBe(1);
      await screenshot(page, 'notification-detail', vp);
      await expect.poll(() => item.getAttribute('data-unread'), { timeout: 15_000 }).toBeNull();

      if (vp === 'mobile') {
        await page.keyboard.press('Escape');
        await open(page, '/user');
        await page.getByTestId('menu-notification').waitFor({ state: 'visible', timeout: 15_000 });
      }
      await expect.poll(() => badge(page, vp).count(), { timeout: 15_000 }).toBe(0);
    } catch (error) {
      await screenshot(page, 'failed-notifications', vp).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
