// A brand operator edits a brand in the back office (issue #22, BE1): signed in at /backoffice with a real
// TOTP code, they change Meridian's up colour, save it with a reason, and the next load of /config.json, of the
// site and of a partner's widget has it — no restart, no rebuild. The file puts Meridian's settings back afterwards through the admin API, as the
// other browser files expect the seeded values (files run one after the other on the one server).
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrandEditable } from '../../src/core/contract/brand-admin';
import type { RuntimeConfig } from '../../src/core/contract/types';
import { addOperator, signInAt } from './backoffice-steps';
import { openPage, screenshot, useBrowser } from './browser';
import { widgetScripts } from './partner-widgets';

const baseUrl = inject('baseUrl');
const examplesUrl = inject('examplesUrl');
const adminToken = inject('adminToken');
const { browser } = useBrowser();

const adminCall = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${baseUrl}/admin/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { code: number; data: T };
  expect(answer.code).toBe(0);
  return answer.data;
};

const meridianConfig = async () =>
  (await (await fetch(`${baseUrl}/config.json?brand=meridian`)).json()) as RuntimeConfig;

describe('a brand operator edits a brand', () => {
  let original: BrandEditable | undefined;
  afterAll(async () => {
    if (original)
      await adminCall('POST', 'brands/meridian', { ...original.edit, reason: 'Seeded values back' });
  });

  it('saves a new up colour that the next load of the site and of a widget shows', async () => {
    original = await adminCall<BrandEditable>('GET', 'brands/meridian');
    const operator = await addOperator(['brand']);
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      await signInAt(page, operator);
      // A brand operator's one page is the Brands page.
      expect(await page.getByTestId('bo-nav-brands').getAttribute('aria-selected')).toBe('true');
      await page.getByTestId('bo-brand-meridian').click();
      await page.getByTestId('bo-brand-form').getByRole('heading', { name: 'Meridian Options' }).waitFor();
      await page.getByTestId('bo-brand-settings-colors-up').fill('#00a86b');
      await screenshot(page, 'backoffice-brand-edit', 'desktop');
      await page.getByTestId('bo-brand-save').click();
      await page.getByTestId('bo-reason').fill('Green for up, as the campaign');
      await page.getByTestId('bo-confirm').click();
      await expect
        .poll(() => page.getByTestId('bo-brand-meridian').textContent(), { timeout: 10_000 })
        .toContain('Edited');
      const config = await meridianConfig();
      expect(config.brand.colors.up).toBe('#00a86b');
      const up = config.brand.readableColors?.light.up;
      expect(up).not.toBe(original.edit.settings.colors.up);

      // Loaded afresh, the site and a partner's widget show it: nothing rebuilt, nothing restarted.
      const site = await context.newPage();
      await site.goto(`http://meridian.localhost:${new URL(baseUrl).port}/`);
      await expect
        .poll(() => site.evaluate(() => document.documentElement.style.getPropertyValue('--tk-color-up')), {
          timeout: 20_000,
        })
        .toBe(up);
      const partner = await context.newPage();
      await partner.goto(`${examplesUrl}/`);
      await partner.setContent(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="tk-brand" content="meridian">` +
          `<title>Partner</title>${widgetScripts(baseUrl, ['tk-quotes'])}</head>` +
          `<body><tk-quotes api="${baseUrl}" symbols="BTCUSDT"></tk-quotes></body></html>`,
      );
      await expect
        .poll(
          () =>
            partner.evaluate(
              () =>
                (
                  document
                    .querySelector('tk-quotes')
                    ?.shadowRoot?.querySelector('.tk-root') as HTMLElement | null
                )?.style.getPropertyValue('--_tk-color-up') ?? '',
            ),
          { timeout: 20_000 },
        )
        .toBe(up);
    } finally {
      await context.close();
    }
  });
});
