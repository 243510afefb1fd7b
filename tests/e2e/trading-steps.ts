// Steps shared by the trading suites: funded accounts made through the real registration and admin-credit
// APIs, raw API calls with a page's token, the admin price pin, and the order ticket in the host.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { open, outboxCode } from './auth-steps';
import type { Account } from './auth-steps';
import type { ViewportName } from './browser';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');

/** An envelope as the server answers it. */
export interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

/** POST JSON; `auth` is a user token, or 'admin' for the admin token; `ip` is the client address it claims. */
export async function post<T>(
  path: string,
  body: unknown,
  auth?: string,
  ip?: string,
  brand?: string,
): Promise<Answer<T>> {
  const token = auth === 'admin' ? adminToken : auth;
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // The e2e server trusts X-Forwarded-For (platform-set.ts), so each made-up trader has its own address.
      ...(ip ? { 'x-forwarded-for': ip } : {}),
      ...(brand ? { 'x-tk-brand': brand } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer<T>;
}

/**
 * A registered account with `amount` USD credited to its real account through the admin API; `null`: a new
 * trader with no money at all. `brand`: a trader of that brand (the default brand otherwise).
 */
export async function fundedAccount(
  amount: string | null = '10000',
  brand?: string,
): Promise<Account & { uid: string }> {
  const account: Account = {
    email: `trader-${randomBytes(4).toString('hex')}@tradekit.test`,
    password: 'journey-trader-2026',
    secret: null,
    totp: { step: null },
  };
  const ip = `10.${randomBytes(3).join('.')}`;
  const since = Date.now();
  const sent = await post(
    '/v1/wa-na/sendMail',
    { email: account.email, type: '1', locale: 'en' },
    undefined,
    ip,
    brand,
  );
  expect(sent.code).toBe(0);
  const code = await outboxCode(account.email, since);
  const registered = await post<{ uid: string }>(
    '/v1/wa-na/register',
    {
      username: account.email,
      type: 'E',
      password: account.password,
      code,
      locale: 'en',
    },
    undefined,
    ip,
    brand,
  );
  expect(registered.code).toBe(0);
  if (amount === null) return { ...account, uid: registered.data.uid };
  const credit = await post(
    `/admin/v1/users/${registered.data.uid}/credit`,
    { amount, account: 'real' },
    'admin',
  );
  expect(credit.code).toBe(0);
  return { ...account, uid: registered.data.uid };
}

/** The access token of an account, signed in through the API (not the browser). */
export async function apiToken(account: Account): Promise<string> {
  const login = await post<{ token: string }>('/v1/wa-na/login', {
    username: account.email,
    type: 'E',
    password: account.password,
  });
  expect(login.code).toBe(0);
  return login.data.token;
}

export { pageToken } from './page-session';

/** Pins a symbol's simulated bid (the answer waits for the fills and triggers it caused), or releases it. */
export async function pinBid(symbol: string, bid: string | null): Promise<{ bid: string; ask: string }> {
  const answer = await post<{ bid: string; ask: string }>(
    `/admin/v1/market/${symbol}/price`,
    bid === null ? { release: true } : { bid, holdMs: 120_000 },
    'admin',
  );
  expect(answer.code).toBe(0);
  return answer.data;
}

/** Opens the order ticket of `symbol` (mobile page, desktop panel) and sends a market buy of `volume` lots. */
export async function buyAtMarket(
  page: Page,
  vp: ViewportName,
  symbol: string,
  volume?: string,
): Promise<void> {
  await open(page, `/${symbol}/place?direction=0`);
  const form = vp === 'mobile' ? page.getByTestId('place-page') : page.getByTestId('order-panel');
  await form.waitFor({ state: 'visible' });
  const submit = form.getByTestId('submit');
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  if (volume) {
    await form.getByTestId('volume').fill(volume);
    await form.getByTestId('volume').press('Tab');
    await expect.poll(async () => Number(await form.getByTestId('volume').inputValue())).toBe(Number(volume));
    await expect.poll(() => submit.isEnabled(), { timeout: 5_000 }).toBe(true);
  }
  await submit.click();
  // A market order's toast is shown without a voice: the page's announcer says the fill (SR2).
  await expect
    .poll(() => form.getByTestId('order-toast-quiet').textContent(), { timeout: 15_000 })
    .toMatch(/\S/);
}

/**
 * The Position page (mobile) or the side rail's position panel (desktop). The panel follows the address: at
 * `/position` it is open, or about to be (after a reload it shows once the session is restored), and the rail's
 * button would close it; elsewhere the button (by its panel, in any language) opens it. Whether the panel is
 * visible at one instant decides nothing: a reload's panel came after that instant and the click closed it.
 */
export async function openPositions(page: Page, vp: ViewportName) {
  if (vp === 'mobile') await open(page, '/position');
  else if (new URL(page.url()).pathname !== '/position')
    await page.locator('.host-rail__button[data-panel="position"]').click();
  const panel = page.getByTestId(vp === 'mobile' ? 'position-page' : 'position-panel');
  await panel.waitFor({ state: 'visible' });
  return panel;
}

/** The History page (mobile) or the side rail's history panel (desktop). */
export async function openHistory(page: Page, vp: ViewportName) {
  if (vp === 'mobile') await open(page, '/history');
  else await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = page.getByTestId(vp === 'mobile' ? 'history-page' : 'history-panel');
  await panel.waitFor({ state: 'visible' });
  return panel;
}
