// Issue #3's screens that need no second factor, in Chromium at 390×844 and 1440×900: a protected route while
// signed out (an account without a second factor), phone registration with the image captcha, every auth and
// account screen in German (the security page's device list with a second device signed out from it), the
// forgot-password screen in English. They never move the server clock, so they
// run before the clock movers (the second-factor journey is auth-journey.e2e.ts, one of them).
import { describe, expect, it } from 'vitest';
import { base32ToBytes, hotpCode } from '../fixtures/totp';
import {
  authRoot,
  captchaText,
  noticesShown,
  open,
  openAccount,
  pathOf,
  recordNotices,
  registerByEmail,
  showEmailForm,
  signIn,
  withPage,
} from './auth-steps';
import type { Account } from './auth-steps';
import { screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { expectSignedIn } from './page-session';
import { apiToken, fundedAccount, post } from './trading-steps';

const { browser } = useBrowser();
const JOURNEY_MS = 240_000;

describe.each<ViewportName>(['mobile', 'desktop'])('account screens at %s', (vp) => {
  it(
    'sends a protected route to login while signed out and returns to it after sign-in',
    () =>
      withPage(browser(), vp, 'return-path', async (page) => {
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
      withPage(browser(), vp, 'phone', async (page, context) => {
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
        // A UK mobile in the 7400 range, every number of which is allocated: with "79" and the clock's last eight
        // digits, 7911 3–6 and 7911 9 are not, so the widget refused the number for 8 minutes in every 28 hours.
        await auth.getByTestId('auth-phone').fill(`7400${String(Date.now()).slice(-6)}`);
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
        if (vp === 'desktop') await page.keyboard.press('Escape');
        await openAccount(page, vp, 'security');
        await page.getByTestId('device').waitFor({ state: 'visible' });
        await screenshot(page, 'security-dark-en', vp);
      }),
    JOURNEY_MS,
  );

  it(
    'shows every auth and account screen in German',
    () =>
      withPage(
        browser(),
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
          // A second device (a client of the API, which sends no browser's User-Agent) shows in the device list of
          // the security page; signing it out there leaves this device alone (docs/security.md 7.5.2).
          const other = await apiToken(fresh);
          await openAccount(page, vp, 'security');
          const devices = page.getByTestId('device');
          await expect.poll(() => devices.count()).toBe(2);
          // The API's sign-in is the newer one, so it comes first; this browser's is marked.
          expect(await devices.first().getAttribute('data-current')).toBeNull();
          expect(await devices.nth(1).getAttribute('data-current')).toBe('true');
          await screenshot(page, 'security-devices-de', vp);
          await page.getByTestId('device-sign-out').click();
          await expect.poll(() => devices.count()).toBe(1);
          expect((await post('/v1/waa/user/sessions', {}, other)).code).toBe(23519);
        },
        { locale: 'de-DE' },
      ),
    JOURNEY_MS,
  );
});

describe('screens that need no account', () => {
  it.each<ViewportName>(['mobile', 'desktop'])('shows the forgot-password screen in English at %s', (vp) =>
    withPage(browser(), vp, 'forgot', async (page) => {
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
