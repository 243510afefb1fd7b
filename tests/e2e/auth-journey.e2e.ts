// Issue #3 end to end, in Chromium at 390×844 and 1440×900: register by email with the code from the dev
// outbox, sign in, turn the second factor on, sign out, sign in with a TOTP code, switch to demo and back,
// change the password and sign in with the new one. Signing in with a second TOTP code moves the server clock
// to the next step, so this file runs after the others (CK7); the account screens
// that need no second factor are in auth-screens.e2e.ts.
import { describe, it } from 'vitest';
import {
  changePassword,
  enableTotp,
  open,
  openAccount,
  registerByEmail,
  signIn,
  signOut,
  switchDemoAndBack,
  uploadAvatar,
  withPage,
} from './auth-steps';
import type { Account } from './auth-steps';
import { screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { expectSignedIn } from './page-session';

const { browser } = useBrowser();
const JOURNEY_MS = 240_000;

describe.each<ViewportName>(['mobile', 'desktop'])('the account journey at %s', (vp) => {
  it(
    'registers by email, turns on the second factor, signs in with it, switches to demo and back, changes the password',
    () =>
      withPage(browser(), vp, 'journey', async (page) => {
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
});
