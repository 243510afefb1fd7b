// Issue #25: a notification reaches a closed app. In Chromium at 390×844 in German: the signed-in trader's
// notifications page offers "notify me on this device" and the host's service worker takes control; the browser's
// subscription (made here with keys the test holds: Chromium's own push service is Google's, out of reach) is
// handed to the server; the page is closed; an operator's message makes the server send a push, which the tests'
// push service receives signed with the server's VAPID key and encrypted to the browser's key; delivered to the
// service worker with no page of the site open, it shows as a system notification. With the network gone, a
// navigation gets the worker's offline page in the page's language. Chromium finds the site installable. Screenshots of the switch and the offline page.
import { createECDH, randomBytes } from 'node:crypto';
import type { Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { decryptPush } from '../../server/src/webpush/encrypt';
import type { ReceivedPush } from '../../server/src/webpush/test-push-service';
import { verifyVapid } from '../../server/src/webpush/vapid';
import { open, signIn } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import { pageToken } from './page-session';
import { fundedAccount, post } from './trading-steps';

const { browser } = useBrowser();
const baseUrl = inject('baseUrl');
const pushServiceUrl = inject('pushServiceUrl');

describe('Web Push to a closed app', () => {
  it('shows an operator message pushed while no page is open, and an offline page', async () => {
    const account = await fundedAccount(null);
    const { context, page } = await openPage(browser(), 'mobile', {
      serviceWorkers: 'allow',
      locale: 'de-DE',
    });
    try {
      await context.grantPermissions(['notifications'], { origin: baseUrl });
      await page.addInitScript(() => localStorage.setItem('language', 'de'));
      await open(page, '/login');
      await signIn(page, 'mobile', account);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await open(page, '/user/notification');
      const toggle = page.getByTestId('push-toggle');
      await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      expect(await page.getByTestId('push-switch').textContent()).toContain(
        'Benachrichtigungen auf diesem Gerät',
      );
      // The worker controls the site and has been told the page's language.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await screenshot(page, 'web-push-switch-de', 'mobile');
      // Installable: Chromium finds nothing missing in the manifest, the icon or the worker. The one thing it names
      // is that a test's browser context is off the record, where no browser offers to install.
      const devtools = await context.newCDPSession(page);
      const manifest = await devtools.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
      expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);

      // The browser's subscription: its private key stays with the test, which reads the push as Chromium would.
      const token = await pageToken(page);
      const key = await post<{ publicKey: string }>('/v1/waa/push/key', {}, token);
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const endpoint = `${pushServiceUrl}/push/e2e-${account.uid}`;
      const subscribed = await post(
        '/v1/waa/push/subscribe',
        { endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth, lang: 'de' },
        token,
      );
      expect(subscribed.code).toBe(0);
      await page.close();
      expect(context.pages()).toHaveLength(0);

      const sent = await post<{ id: string }>(
        `/admin/v1/users/${account.uid}/notifications`,
        { title: 'Wartung heute Nacht', content: 'Der Handel pausiert von 22:00 bis 22:15 UTC.' },
        'admin',
      );
      expect(sent.code).toBe(0);
      // The push service answers once the push has arrived (it waits for it: no pause here).
      const [arrived] = (await (
        await fetch(`${pushServiceUrl}/__messages/push/e2e-${account.uid}`)
      ).json()) as ReceivedPush[];
      expect(verifyVapid(arrived!.headers.authorization!)).toMatchObject({
        aud: pushServiceUrl,
        publicKey: key.data.publicKey,
      });
      const payload = decryptPush(
        Buffer.from(arrived!.body, 'base64'),
        ecdh.getPrivateKey(),
        auth,
      ).toString();
      expect(JSON.parse(payload)).toMatchObject({ id: sent.data.id, title: 'Wartung heute Nacht' });

      // Delivered to the worker with no page of the site open, as Chromium delivers what its push service brings.
      const blank = await context.newPage();
      const cdp = await context.newCDPSession(blank);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseUrl,
        registrationId: await registrationId,
        data: payload,
      });
      // This page never gets its config, so it never chooses a language: it is the page that, left or gone
      // offline before its config came, once told the worker "en" and undid the first page's "de" (WP9).
      const shown = await context.newPage();
      const heldConfig: Route[] = [];
      await shown.route('**/config.json', (route) => void heldConfig.push(route));
      await shown.goto(`${baseUrl}/user/notification`);
      await expect
        .poll(
          () =>
            shown.evaluate(async () =>
              (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body]),
            ),
          { timeout: 15_000 },
        )
        .toContainEqual(['Wartung heute Nacht', 'Der Handel pausiert von 22:00 bis 22:15 UTC.']);

      expect(heldConfig.length).toBeGreaterThan(0);
      // The worker listens to the page before it goes offline (the page registers it at its load event).
      await shown.evaluate(() => navigator.serviceWorker.ready);

      // That page goes, its config never answered; the push's page goes too.
      await shown.unroute('**/config.json');
      await Promise.all(heldConfig.map((route) => route.abort().catch(() => undefined)));
      await shown.close();
      await blank.close();

      // No network: the worker answers a navigation with its page, in German. A page of its own, with no
      // request of the test held or routed: its navigation goes to the worker and nowhere else.
      await context.setOffline(true);
      const offline = await context.newPage();
      const answer = await offline.goto(`${baseUrl}/`);
      expect(answer?.status()).toBe(503);
      expect(await offline.locator('h1').textContent()).toBe('Sie sind offline');
      await screenshot(offline, 'web-push-offline-de', 'mobile');
      await context.setOffline(false);
    } finally {
      await context.close();
    }
  }, 90_000);
});
