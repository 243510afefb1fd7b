// Issue #3 end to end, in Chromium at 390×844 and 1440×900: register by email with the code from the dev
// outbox, sign in, turn the second factor on, sign out, sign in with a TOTP code, switch to demo and back,
// change the password and sign in with the new one; phone registration with the image captcha; a protected
// route while signed out (a second account, without a second factor); screenshots of every auth and account
// screen in English and German.
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base32ToBytes, hotpCode } from '../fixtures/totp';
import {
  authRoot,
  captchaText,
  changePassword,
  enableTotp,
  noticesShown,
  open,
  recordNotices,
  openAccount,
  pathOf,
  registerByEmail,
  showEmailForm,
  signIn,
  signOut,
  switchDemoAndBack,
  uploadAvatar,
} from './auth-steps';
import type { Account } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { expectSignedIn } from './page-session';
import { fundedAccount } from './trading-steps';

const { browser } = useBrowser();
const JOURNEY_MS = 240_000;

/** Runs `body` on a fresh page; on failure saves `failed-<name>-<viewport>.png` to show where it stopped. */
async function withPage(
  vp: ViewportName,
  name: string,
  body: (page: Page, context: BrowserContext) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const { context, page } = await openPage(browser(), vp, options);
  try {
    await body(page, context);
  } catch (error) {
    await screenshot(page, `failed-${name}`, vp).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

describe.each<ViewportName>(['mobile', 'desktop'])('the account journey at %s', (vp) => {
  it(
    'registers by email, turns on the second factor, signs in with it, switches to demo and back, changes the password',
    () =>
      withPage(vp, 'journey', async (page) => {
        const account: Account = {
          email: `journey-${vp}-${Date.now().toString(36)}@example.com`,
          password: 'first-Passw0rd',
          secret: null,
          totp: { step: null },
        };
        await registerByEmail(page, vp, account, 'en');
        await signIn(page, vp, account, 'en');
        await expectSignedIn(page);

        await openAccount(page, vp, 'menu');
        if (vp === 'mobile') await page.getByTestId('nickname').waitFor({ state: 'visible' });
        else await page.getByTestId('user-total').waitFor({ state: 'visible' });
        await screenshot(page, 'user-menu-en', vp);
        if (vp === 'desktop') await page.keyboard.press('Escape');

        await uploadAvatar(page, vp);
        await screenshot(page, 'account-en', vp);

        await enableTotp(page, vp, account);
        await screenshot(page, 'security-en', vp);
        await signOut(page, vp);

        await open(page, '/login');
        await signIn(page, vp, account, 'en');
        await switchDemoAndBack(page, vp);

        await changePassword(page, vp, account, 'second-Passw0rd');
        await signIn(page, vp, account);
        await openAccount(page, vp, 'account');
      }),
    JOURNEY_MS,
  );

  it(
    'sends a protected route to login while signed out and returns to it after sign-in',
    () =>
      withPage(vp, 'return-path', async (page) => {
        // An account without a second factor: each TOTP code is taken once, so a third sign-in with one
        // would move the server clock to the next step (the journey above covers signing in with a code).
        const account = await fundedAccount(null);
        await recordNotices(page);
        await open(page, '/user/changePassword');
        await expect.poll(() => pathOf(page)).toBe('/login?to=%2Fuser%2FchangePassword');
        await expect.poll(() => noticesShown(page)).toEqual([expect.stringMatching(/\S/)]);
        await signIn(page, vp, account);
        await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/user/changePassword');
        await page.locator('[data-view="changePassword"]').waitFor({ state: 'visible' });
        // Signed in, /login sends home with the already-logged-in notice.
        await open(page, '/login');
        await expect.poll(() => pathOf(page)).toBe('/');
        await expect.poll(() => noticesShown(page)).toEqual([expect.stringMatching(/\S/)]);
      }),
    JOURNEY_MS,
  );

  it(
    'registers a phone number with the image captcha on a brand without SMS verification',
    () =>
      withPage(vp, 'phone', async (page, context) => {
        await context.addInitScript(() => {
          (window as unknown as { TRADEKIT_BRAND: string }).TRADEKIT_BRAND = 'aurora';
        });
        await open(page, '/register');
        const auth = authRoot(page, vp);
        await auth.waitFor({ state: 'visible' });
        if ((await auth.getByTestId('auth-tab-phone').count()) > 0)
          await auth.getByTestId('auth-tab-phone').click();
        await auth.getByTestId('auth-country').click();
        await auth.getByTestId('auth-country-search').fill('United Kingdom');
        await auth.getByTestId('auth-country-search').press('Enter');
        await auth.getByTestId('auth-phone').fill(`79${String(Date.now()).slice(-8)}`);
        const captcha = page.waitForResponse((r) => r.url().includes('/v1/wa-na/getImageCode'), {
          timeout: 10_000,
        });
        await auth.getByTestId('auth-send-code').click();
        const { data } = (await (await captcha).json()) as { data: { uuid: string } };
        await auth.getByTestId('auth-captcha-image').waitFor({ state: 'visible' });
        expect(await auth.getByTestId('auth-code-box').count()).toBe(0);
        await screenshot(page, 'register-captcha-en', vp);
        await auth.getByTestId('auth-captcha-input').fill(await captchaText(data.uuid));
        await auth.getByTestId('auth-password').fill('phone-Passw0rd');
        await auth.getByTestId('auth-submit').click();
        await expect.poll(() => pathOf(page), { timeout: 10_000 }).toMatch(/^\/login/);
        await auth.getByTestId('auth-password').fill('phone-Passw0rd');
        await auth.getByTestId('auth-submit').click();
        await auth.waitFor({ state: 'detached', timeout: 15_000 });
        await expectSignedIn(page);
        // A dark brand: the user menu in its theme.
        await openAccount(page, vp, 'menu');
        await screenshot(page, 'user-menu-dark-en', vp);
      }),
    JOURNEY_MS,
  );

  it(
    'shows every auth and account screen in German',
    () =>
      withPage(
        vp,
        'german',
        async (page) => {
          await open(page, '/forgot');
          await showEmailForm(page, vp);
          await screenshot(page, 'forgot-de', vp);
          const fresh: Account = {
            email: `de-${vp}-${Date.now().toString(36)}@example.com`,
            password: 'german-Passw0rd',
            secret: null,
            totp: { step: null },
          };
          await registerByEmail(page, vp, fresh, 'de');
          await open(page, '/login');
          await signIn(page, vp, fresh, 'de');
          await openAccount(page, vp, 'menu');
          await screenshot(page, 'user-menu-de', vp);
          if (vp === 'desktop') await page.keyboard.press('Escape');
          await openAccount(page, vp, 'account');
          await screenshot(page, 'account-de', vp);
        },
        { locale: 'de-DE' },
      ),
    JOURNEY_MS,
  );
});

describe('screens that need no account', () => {
  it.each<ViewportName>(['mobile', 'desktop'])('shows the forgot-password screen in English at %s', (vp) =>
    withPage(vp, 'forgot', async (page) => {
      await open(page, '/forgot');
      await showEmailForm(page, vp);
      await screenshot(page, 'forgot-en', vp);
    }),
  );

  it('computes the RFC 6238 test vectors with the test helper (SHA-1, 8 digits)', () => {
    const key = base32ToBytes('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(hotpCode(key, Math.floor(59 / 30), 8)).toBe('94287082');
    expect(hotpCode(key, Math.floor(1111111109 / 30), 8)).toBe('07081804');
    expect(hotpCode(key, Math.floor(20000000000 / 30), 8)).toBe('65353130');
  });
});
