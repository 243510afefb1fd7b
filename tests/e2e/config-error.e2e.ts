// Without its runtime configuration the host cannot know its brand or its services: it must say so.
import { describe, expect, inject, it } from 'vitest';
import { text } from '../fixtures/locale';
import { openPage, screenshot, useBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { browser } = useBrowser();

describe('host without /config.json', () => {
  it('shows the config error when /config.json answers HTTP 500', async () => {
    const { context, page } = await openPage(browser(), 'mobile');
    try {
      await page.route('**/config.json*', (route) =>
        route.fulfill({ status: 500, body: 'Internal Server Error' }),
      );
      await page.goto(`${baseUrl}/`);
      const error = page.getByTestId('config-error');
      await error.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await error.textContent()).toContain(text('en', 'app.config_missing'));
      expect(await page.getByTestId('home').count()).toBe(0);
      await screenshot(page, 'config-error', 'mobile');
    } finally {
      await context.close();
    }
  });
});
