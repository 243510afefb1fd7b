// Issue #19 item 1: <tk-auth> on a partner's page of another site, "remember password" ticked, and a hostile
// script on that page from its first line. The script takes everything page script can read — web storage,
// cookies, IndexedDB, even the bearer tokens it sniffs by wrapping fetch — and sends it home. Once the access
// token has expired, none of it lets anyone act as the trader, and there is no password in it; the trader's
// own page keeps its session (the partitioned HttpOnly cookie restores it after a reload). This file moves the
// server clock past the access token's lifetime, so it runs in the lane, after its files that do not (CK7, TR60).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REMEMBER_FLAG } from '../../src/core/session/memory-token-store';
import { StorageKey } from '../../src/core/session/storage';
import { advanceServerClock } from './clock';
import { openPage, screenshot, useBrowser } from './browser';
import { pageToken, sessionHint } from './page-session';
import { fundedAccount } from './trading-steps';

const baseUrl = inject('baseUrl');
const { browser } = useBrowser();
const ACCESS_TOKEN_MS = 15 * 60_000;

const partnerPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script type="module" src="${baseUrl}/widgets/tk-auth.js"></script></head>
<body><h1>Partner markets</h1><tk-auth api="${baseUrl}"></tk-auth></body></html>`;

/**
 * Serves `body` on a loopback address (Chromium lets only loopback pages call the loopback platform). The
 * partner is reached as `localhost` — another site than the platform's 127.0.0.1, still a secure context —
 * and the attacker's own site as 127.0.0.2.
 */
async function site(host: string, body: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  return { server, port: (server.address() as AddressInfo).port };
}

let partnerOrigin = '';
let attackerOrigin = '';
const servers: Server[] = [];
beforeAll(async () => {
  const partner = await site('127.0.0.1', partnerPage);
  const attacker = await site('127.0.0.2', '<!doctype html><title>Elsewhere</title><p>elsewhere</p>');
  servers.push(partner.server, attacker.server);
  partnerOrigin = `http://localhost:${partner.port}`;
  attackerOrigin = `http://127.0.0.2:${attacker.port}`;
});
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/** The hostile script: wraps fetch from the page's first line and records every bearer token it sees. */
function hostileScript() {
  const loot = { bearers: [] as string[] };
  (window as unknown as { loot: typeof loot }).loot = loot;
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const auth = headers.get('authorization');
    if (auth) loot.bearers.push(auth.replace(/^Bearer /, ''));
    return original(input, init);
  };
}

/** Everything a script of the page can read, as the hostile script would send it home. */
async function steal(page: Page) {
  return page.evaluate(async () => {
    const dump = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').map((k) => [
          k,
          storage.getItem(k),
        ]),
      );
    const databases = (await indexedDB.databases?.())?.map((db) => db.name) ?? [];
    const caches = 'caches' in window ? await window.caches.keys() : [];
    return {
      local: dump(localStorage),
      session: dump(sessionStorage),
      cookie: document.cookie,
      databases,
      caches,
      bearers: (window as unknown as { loot: { bearers: string[] } }).loot.bearers,
    };
  });
}

/** POST from the attacker's own machine (no browser, no cookie). */
async function fromElsewhere(path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    code: response.status === 200 ? (JSON.parse(text) as { code: number }).code : null,
  };
}

describe('a hostile script on a partner page cannot take the session away', () => {
  it('finds no password and nothing that still works once the access token expired', async () => {
    const account = await fundedAccount(null);
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      await context.addInitScript(hostileScript);
      await page.goto(`${partnerOrigin}/markets/`);
      const auth = page.locator('tk-auth');
      await auth.getByTestId('auth-email').fill(account.email);
      await auth.getByTestId('auth-password').fill(account.password);
      await auth.getByTestId('auth-remember-account').check();
      // Offered: Chromium has a credential store (PasswordCredential) in a secure context.
      await auth.getByTestId('auth-remember-password').check();
      await auth.getByTestId('auth-submit').click();
      await expect.poll(() => sessionHint(page), { timeout: 15_000 }).toMatchObject({ uid: account.uid });
      // The sign-in does not wait for the browser's credential store (login-form.tsx): the remembered password's
      // flag is written when the store answers, after the session's hint. The script takes what is there then.
      await expect
        .poll(() => page.evaluate((key) => localStorage.getItem(key), StorageKey.rememberPassword), {
          timeout: 15_000,
        })
        .toBe(REMEMBER_FLAG);
      const accessToken = await pageToken(page);
      await screenshot(page, 'partner-signed-in', 'desktop');

      const loot = await steal(page);
      const everything = JSON.stringify(loot);
      expect(everything).not.toContain(account.password);
      expect(loot.cookie).toBe('');
      expect(Object.keys(loot.local).sort()).toEqual(['rememberAccount', 'rememberPassword', 'tkSession']);
      expect(loot.local.rememberPassword).toBe('credential-store');
      // The sniffed bearer is the one long-lived-looking thing it got: an access token of 15 minutes.
      expect(loot.bearers).toContain(accessToken);
      const refreshTokens = Object.values(loot.local).filter((v) => v && /^[A-Za-z0-9_-]{43}$/.test(v));
      expect(refreshTokens).toEqual([]);

      // While it is fresh, the sniffed token works — which is why it lives 15 minutes and no longer.
      expect((await fromElsewhere('/v1/waa/user/info', {}, accessToken)).code).toBe(0);
      await advanceServerClock(ACCESS_TOKEN_MS + 60_000);

      // From anywhere else: the expired token, and a refresh with whatever was found, are refused.
      for (const token of loot.bearers)
        expect((await fromElsewhere('/v1/waa/user/info', {}, token)).status).toBe(401);
      for (const token of loot.bearers)
        expect((await fromElsewhere('/v1/wa-na/refresh', { token })).code).toBe(23519);
      for (const value of Object.values(loot.local))
        expect((await fromElsewhere('/v1/wa-na/refresh', { refreshToken: value ?? '' })).code).toBe(23519);

      // From the attacker's own site in the same browser: the partitioned cookie does not travel there.
      const other = await context.newPage();
      await other.goto(`${attackerOrigin}/`);
      const elsewhere = await other.evaluate(async (api) => {
        const res = await fetch(`${api}/v1/wa-na/refresh`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return ((await res.json()) as { code: number }).code;
      }, baseUrl);
      expect(elsewhere).toBe(23519);
      await other.close();

      // The trader's own page: a reload restores the session through the cookie, with a new access token.
      await page.reload();
      await expect.poll(() => sessionHint(page), { timeout: 15_000 }).toMatchObject({ uid: account.uid });
      await expect
        .poll(async () => (await steal(page)).bearers.at(-1) ?? null, { timeout: 15_000 })
        .not.toBeNull();
      const renewed = (await steal(page)).bearers.at(-1)!;
      expect(renewed).not.toBe(accessToken);
      expect((await fromElsewhere('/v1/waa/user/info', {}, renewed)).code).toBe(0);
      const again = await steal(page);
      expect(JSON.stringify(again)).not.toContain(account.password);
      expect(again.cookie).toBe('');
    } finally {
      await context.close();
    }
  });
});
