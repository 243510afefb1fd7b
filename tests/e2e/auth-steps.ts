// Steps of the issue-#3 journey, driven through the host like a user: the auth widget's screens, the
// account pages, the desktop top bar; codes come from the reference server's dev outbox.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import enMessages from '../../src/core/i18n/locales/en/messages.json';
import { freshTotp } from '../fixtures/totp';
import { bytesOfDataUrl, openPage, screenshot } from './browser';
import { serverClock } from './clock';
import { expectSignedOut, pageToken, sessionHint } from './page-session';
import type { ViewportName } from './browser';

const baseUrl = inject('baseUrl');

/** Runs `body` on a fresh page; on failure saves `failed-<name>-<viewport>.png` to show where it stopped. */
export async function withPage(
  browser: Browser,
  vp: ViewportName,
  name: string,
  body: (page: Page, context: BrowserContext) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const { context, page } = await openPage(browser, vp, options);
  try {
    await body(page, context);
  } catch (error) {
    await screenshot(page, `failed-${name}`, vp).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

/** The account of one journey. */
export interface Account {
  email: string;
  password: string;
  secret: string | null;
  totp: { step: number | null };
}

interface OutboxEntry {
  to: string;
  purpose: string;
  code: string | null;
  time: string;
}

/** The newest code sent to `to` after `since` (ms), polled from the dev outbox. */
export async function outboxCode(to: string, since: number): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { data: OutboxEntry[] };
        const entry = body.data.find((e) => e.code && Date.parse(e.time) >= since - 1000);
        found = entry?.code ?? null;
        return found;
      },
      { timeout: 10_000, interval: 250 },
    )
    .toMatch(/^\d{6}$/);
  return found!;
}

/**
 * The text of an image captcha, read the way a test may: from the reference server's development-only
 * surface (never in production) — `GET /dev/captcha/{uuid}`, or the dev outbox under `captcha:<uuid>`.
 */
export async function captchaText(uuid: string): Promise<string> {
  const direct = await fetch(`${baseUrl}/dev/captcha/${encodeURIComponent(uuid)}`);
  if (direct.ok) {
    const body = (await direct.json()) as { data: { text: string } | string };
    return typeof body.data === 'string' ? body.data : body.data.text;
  }
  const outbox = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(`captcha:${uuid}`)}`);
  const entry = ((await outbox.json()) as { data: OutboxEntry[] }).data[0];
  if (entry?.code) return entry.code;
  throw new Error(
    `no captcha text for ${uuid}: the dev server exposes neither /dev/captcha/{uuid} nor captcha:<uuid>`,
  );
}

export async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * Records every host notice (toast) the page shows, from each document's start: a notice stays 1.5 s, which
 * a loaded machine can spend before the page reports it has loaded. Read them with `noticesShown`.
 */
export async function recordNotices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { tkNotices: string[] }).tkNotices = shown;
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.host-notice .tk-toast'))
        if (!seen.has(toast)) {
          seen.add(toast);
          shown.push(toast.textContent ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The texts of the host notices the current document has shown so far (see `recordNotices`). */
export const noticesShown = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...((window as unknown as { tkNotices?: string[] }).tkNotices ?? [])]);

/** Where the auth widget is: the full page on mobile, the overlay card on desktop. */
export const authRoot = (page: Page, vp: ViewportName) =>
  page.getByTestId(vp === 'mobile' ? 'auth-page' : 'auth-overlay');

/** The auth form with the email tab chosen (the brand offers phone too, and phone is then the default). */
export async function showEmailForm(page: Page, vp: ViewportName): Promise<void> {
  const auth = authRoot(page, vp);
  await auth.waitFor({ state: 'visible' });
  if ((await auth.getByTestId('auth-tab-email').count()) > 0)
    await auth.getByTestId('auth-tab-email').click();
  await auth.getByTestId('auth-email').waitFor({ state: 'visible' });
}

export async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Register by email: step 1 sends the code, step 2 takes it from the outbox with the password. */
export async function registerByEmail(
  page: Page,
  vp: ViewportName,
  account: Account,
  shots?: string,
): Promise<void> {
  await open(page, '/register');
  const auth = authRoot(page, vp);
  await auth.waitFor({ state: 'visible' });
  if ((await auth.getByTestId('auth-tab-email').count()) > 0)
    await auth.getByTestId('auth-tab-email').click();
  await auth.getByTestId('auth-email').fill(account.email);
  if (shots) await screenshot(page, `register-step1-${shots}`, vp);
  const since = Date.now();
  await auth.getByTestId('auth-send-code').click();
  const code = await outboxCode(account.email, since);
  const boxes = auth.getByTestId('auth-code-box');
  await boxes.first().waitFor({ state: 'visible' });
  expect(await boxes.count()).toBe(6);
  await boxes.first().click();
  await page.keyboard.type(code);
  await auth.getByTestId('auth-password').fill(account.password);
  if (shots) await screenshot(page, `register-step2-${shots}`, vp);
  await auth.getByTestId('auth-submit').click();
  // Success goes to login with the registered email filled in.
  await expect.poll(() => pathOf(page), { timeout: 10_000 }).toMatch(/^\/login/);
  await expect.poll(() => auth.getByTestId('auth-email').inputValue()).toBe(account.email);
}

/** Sign in on the open login screen; with a second factor, the TOTP step takes a fresh code. */
export async function signIn(page: Page, vp: ViewportName, account: Account, shots?: string): Promise<void> {
  const auth = authRoot(page, vp);
  await auth.waitFor({ state: 'visible' });
  if ((await auth.getByTestId('auth-tab-email').count()) > 0)
    await auth.getByTestId('auth-tab-email').click();
  await auth.getByTestId('auth-email').fill(account.email);
  await auth.getByTestId('auth-password').fill(account.password);
  if (shots) await screenshot(page, `login-${shots}`, vp);
  await auth.getByTestId('auth-submit').click();
  if (account.secret) {
    const input = auth.getByTestId('auth-totp');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    if (shots) await screenshot(page, `2fa-${shots}`, vp);
    await input.fill(await freshTotp(account.secret, account.totp, serverClock));
  }
  await auth.waitFor({ state: 'detached', timeout: 15_000 });
}

/** Desktop: closes the account dialog if it is open (Escape goes home). */
export async function closeDialog(page: Page): Promise<void> {
  if ((await page.getByTestId('account-dialog').count()) === 0) return;
  await page.keyboard.press('Escape');
  await page.getByTestId('account-dialog').waitFor({ state: 'detached' });
}

/**
 * Opens an account page through the interface. Mobile: the User tab (or the back buttons of sub-pages) to
 * the user menu, then its row. Desktop: the dialog's menu when it is open, else the top-bar user block.
 */
export async function openAccount(
  page: Page,
  vp: ViewportName,
  view: 'menu' | 'account' | 'security',
): Promise<void> {
  const path = { menu: '/user', account: '/user/account', security: '/user/security' }[view];
  if (vp === 'mobile') {
    for (let i = 0; i < 4 && (await pathOf(page)) !== '/user'; i++) {
      const from = await pathOf(page);
      const tab = page.locator('.host-tabbar a[href="/user"]');
      if ((await tab.count()) > 0) await tab.click();
      else await page.locator('.tk-account__header button').first().click();
      // Each press moves one page up (a sub-page's back button) or to the menu: wait for the move itself.
      await expect.poll(() => pathOf(page), { timeout: 10_000 }).not.toBe(from);
    }
    await page.getByTestId('account-page').waitFor({ state: 'visible' });
    if (view !== 'menu')
      await page.getByTestId(view === 'account' ? 'menu-account' : 'menu-security').click();
  } else if (view === 'menu') {
    await closeDialog(page);
    await page.getByTestId('user-button').click();
    return;
  } else if ((await page.getByTestId('account-dialog').count()) > 0) {
    await page.getByTestId('account-dialog').locator(`a[href="${path}"]`).click();
  } else {
    await page.getByTestId('user-button').click();
    await page.getByTestId(view === 'account' ? 'user-account' : 'user-security').click();
  }
  await expect.poll(() => pathOf(page)).toBe(path);
}

/** Turns the second factor on from the security page and remembers its secret. */
export async function enableTotp(page: Page, vp: ViewportName, account: Account): Promise<void> {
  await openAccount(page, vp, 'security');
  await page.getByTestId('totp-setup').click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.locator('svg[part="qr"] path').waitFor({ state: 'attached' });
  account.secret = secret;
  await screenshot(page, 'security-setup-en', vp);
  await page.locator('.tk-account__code').fill(await freshTotp(secret, account.totp, serverClock));
  await page.locator('form button[type="submit"]').last().click();
  await expect
    .poll(() => page.getByTestId('totp-status').getAttribute('data-on'), { timeout: 10_000 })
    .toBe('true');
}

export async function signOut(page: Page, vp: ViewportName): Promise<void> {
  if (vp === 'mobile') {
    await openAccount(page, vp, 'account');
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-drawer-confirm').click();
  } else {
    await closeDialog(page);
    await page.getByTestId('user-button').click();
    await page.getByTestId('user-logout').click();
    await page.getByTestId('logout-confirm').click();
  }
  await expect.poll(() => pathOf(page)).toBe('/');
  await expectSignedOut(page);
}

/** Switches to the demo (`toDemo`) or the real account after the confirm warning. */
export async function switchAccount(page: Page, vp: ViewportName, toDemo: boolean): Promise<void> {
  if (vp === 'mobile') {
    await openAccount(page, vp, 'menu');
    await page.getByTestId('menu-switch').click();
    await page.getByTestId('switch-drawer-confirm').click();
    await expect
      .poll(() => page.getByTestId('menu-switch').textContent(), { timeout: 10_000 })
      .not.toMatch(toDemo ? /demo/i : /real/i);
  } else {
    await closeDialog(page);
    await page.getByTestId(toDemo ? 'switch-demo' : 'switch-real').click();
    await page.getByTestId('switch-confirm').click();
    await expect
      .poll(() => page.getByTestId(toDemo ? 'switch-demo' : 'switch-real').getAttribute('aria-checked'), {
        timeout: 10_000,
      })
      .toBe('true');
  }
  await expect.poll(async () => (await sessionHint(page))?.virtualStatus === '0').toBe(!toDemo);
}

/** Real → demo → real, each after the confirm warning; the balance shown follows the account. */
export async function switchDemoAndBack(page: Page, vp: ViewportName): Promise<void> {
  for (const toDemo of [true, false]) await switchAccount(page, vp, toDemo);
}

/**
 * Waits for the English "Update successful" notice by its text: an earlier notice (the account switch's "Now
 * using the real account") may still be showing beside it.
 */
async function updateNotice(page: Page): Promise<void> {
  await page
    .locator('[part="toast"]', { hasText: enMessages.msg.update_success })
    .waitFor({ state: 'visible' });
}

export async function changePassword(
  page: Page,
  vp: ViewportName,
  account: Account,
  next: string,
): Promise<void> {
  await openAccount(page, vp, 'account');
  await page.getByTestId('account-change-password').click();
  await expect.poll(() => pathOf(page)).toBe('/user/changePassword');
  const inputs = page.locator('[data-view="changePassword"] input');
  await inputs.nth(0).fill(account.password);
  await inputs.nth(1).fill(next);
  await inputs.nth(2).fill(next);
  await page.locator('[data-view="changePassword"] button[type="submit"]').click();
  await updateNotice(page);
  // spec §9: to login after 1 s; the server has ended every session.
  await expect.poll(() => pathOf(page), { timeout: 5_000 }).toMatch(/^\/login/);
  account.password = next;
}

/** A photo-sized JPEG (3000 × 2000, gradients and grain) drawn by the browser, as a phone camera would give. */
export async function cameraJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const ctx = canvas.getContext('2d')!;
    const sky = ctx.createLinearGradient(0, 0, 3000, 2000);
    sky.addColorStop(0, '#1e3c72');
    sky.addColorStop(0.5, '#e0a96d');
    sky.addColorStop(1, '#2a5298');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 3000, 2000);
    for (let i = 0; i < 4000; i++) {
      ctx.fillStyle = `hsl(${(i * 37) % 360} 60% ${30 + (i % 40)}%)`;
      ctx.fillRect((i * 7919) % 3000, (i * 104729) % 2000, 6 + (i % 30), 6 + (i % 20));
    }
    // As a data URL: one string crosses the protocol, not an array of a number per byte (TR22).
    return canvas.toDataURL('image/jpeg', 0.97);
  });
  return bytesOfDataUrl(dataUrl);
}

/** Uploads a large avatar: it is compressed in the browser, without any request to another origin. */
export async function uploadAvatar(page: Page, vp: ViewportName): Promise<void> {
  const foreign: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    if (!['blob:', 'data:'].includes(url.protocol) && url.origin !== new URL(baseUrl).origin)
      foreign.push(r.url());
  });
  await openAccount(page, vp, 'account');
  const photo = await cameraJpeg(page);
  expect(photo.length).toBeGreaterThan(1_000_000);
  await page.getByTestId('avatar-button').click();
  const upload = page.waitForRequest((r) => r.url().endsWith('/v1/waa/user/info/submit'));
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: photo });
  await page.locator('[data-view="account"] form button[type="submit"]').click();
  await upload;
  await updateNotice(page);
  // What the server stored: at most 0.3 MB and 1920 px on the longest side (spec §9), still a JPEG.
  const token = await pageToken(page);
  const stored = await page.evaluate(
    async ({ api, token }) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const info = await (
        await fetch(`${api}/v1/waa/user/info`, { method: 'POST', headers, body: '{}' })
      ).json();
      const image = await (await fetch(info.data.avatar, { headers })).blob();
      const bitmap = await createImageBitmap(image);
      return { type: image.type, size: image.size, width: bitmap.width, height: bitmap.height };
    },
    { api: baseUrl, token },
  );
  expect(stored.type).toBe('image/jpeg');
  expect(stored.size).toBeLessThanOrEqual(0.3 * 1024 * 1024);
  expect(Math.max(stored.width, stored.height)).toBeLessThanOrEqual(1920);
  await page.locator('[part="avatar"] img').first().waitFor({ state: 'visible', timeout: 10_000 });
  // The compression worker imports our own copy of its library; nothing comes from a public CDN, and the
  // HEIC decoder is never loaded for a JPEG.
  expect(foreign).toEqual([]);
  expect(scripts.some((path) => /\/assets\/browser-image-compression-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.filter((path) => path.includes('heic-to'))).toEqual([]);
}
