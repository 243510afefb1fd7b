// A brand operator edits a brand in the back office (issue #22, BE1, BE10): signed in at /backoffice with a real
// TOTP code, they change Meridian's up colour and site title and save them with a reason; the site and a partner's
// widget, open since before the edit, show them without a reload — no restart, no rebuild. The file puts Meridian's settings back afterwards through the admin API, as the
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

  it('saves a new up colour and title that the open site and a partner widget show without a reload (BE10)', async () => {
    original = await adminCall<BrandEditable>('GET', 'brands/meridian');
    const before = (await meridianConfig()).brand.readableColors?.light.up;
    const operator = await addOperator(['brand']);
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      // The site and a partner's widget are open before the edit, each with Meridian's colour; the operator signs
      // in meanwhile.
      const [site, partner] = await Promise.all([context.newPage(), context.newPage()]);
      const siteUp = () =>
        site.evaluate(() => document.documentElement.style.getPropertyValue('--tk-color-up'));
      const widgetUp = () =>
        partner.evaluate(
          () =>
            (
              document.querySelector('tk-quotes')?.shadowRoot?.querySelector('.tk-root') as HTMLElement | null
            )?.style.getPropertyValue('--_tk-color-up') ?? '',
        );
      await Promise.all([
        (async () => {
          await site.goto(`http://meridian.localhost:${new URL(baseUrl).port}/quotation`);
          await expect.poll(siteUp, { timeout: 20_000 }).toBe(before);
        })(),
        (async () => {
          await partner.goto(`${examplesUrl}/`);
          await partner.setContent(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="tk-brand" content="meridian">` +
              `<title>Partner</title>${widgetScripts(baseUrl, ['tk-quotes'])}</head>` +
              `<body><tk-quotes api="${baseUrl}" symbols="BTCUSDT"></tk-quotes></body></html>`,
          );
          await expect.poll(widgetUp, { timeout: 20_000 }).toBe(before);
        })(),
        signInAt(page, operator),
      ]);
      // Neither page may load again: a marker in each would be gone with a reload.
      for (const open of [site, partner])
        await open.evaluate(() => ((window as { kept?: true }).kept = true));

      // The operator's page acts in front: Chromium holds back a page behind others (TR25).
      await page.bringToFront();
      // A brand operator's one page is the Brands page.
      expect(await page.getByTestId('bo-nav-brands').getAttribute('aria-selected')).toBe('true');
      await page.getByTestId('bo-brand-meridian').click();
      await page.getByTestId('bo-brand-form').getByRole('heading', { name: 'Meridian Options' }).waitFor();
      await page.getByTestId('bo-brand-settings-colors-up').fill('#1565c0');
      await page.getByTestId('bo-brand-siteTitle').fill('Meridian Markets');
      await screenshot(page, 'backoffice-brand-edit', 'desktop');
      await page.getByTestId('bo-brand-save').click();
      await page.getByTestId('bo-reason').fill('Blue for up, as the campaign');
      await page.getByTestId('bo-confirm').click();
      await expect
        .poll(() => page.getByTestId('bo-brand-meridian').textContent(), { timeout: 10_000 })
        .toContain('Edited');
      const config = await meridianConfig();
      expect(config.brand.colors.up).toBe('#1565c0');
      const up = config.brand.readableColors?.light.up;
      expect(up).not.toBe(before);

      // The open pages take it from their market socket: nothing reloaded, rebuilt or restarted.
      await expect.poll(siteUp, { timeout: 10_000 }).toBe(up);
      await expect.poll(() => site.title(), { timeout: 10_000 }).toBe('Meridian Markets');
      await expect.poll(widgetUp, { timeout: 10_000 }).toBe(up);
      for (const open of [site, partner])
        expect(await open.evaluate(() => (window as { kept?: true }).kept)).toBe(true);
      await partner.close();
      await screenshot(site, 'brand-edit-live-site', 'desktop');
    } finally {
      await context.close();
    }
  });
});
