/**
 * Test support for the back-office app's tests: a scripted fetch that records every call, the answers a
 * signed-in operator's app asks for first, and the app rendered with English strings.
 */
import { render } from '@testing-library/react';
import type { UserSummary } from '../core/contract/backoffice';
import type { AdminDeposit } from '../core/contract/deposits';
import strings from '../core/i18n/locales/en/backoffice.json';
import { createI18n } from '../core/i18n/i18n';
import { BackofficeApp } from './app';

/** One call the app made. */
export interface Seen {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Answer = { status?: number; body: unknown };
export type Handler = (seen: Seen) => Answer;

/** A fetch that answers by "METHOD path" (query ignored) and records every call. */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: Seen[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const seen: Seen = {
      method,
      url,
      // A multipart body (the support reply) is recorded as its fields.
      body:
        init?.body instanceof FormData
          ? Object.fromEntries(init.body)
          : init?.body
            ? JSON.parse(String(init.body))
            : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(seen);
    const handler = routes[`${method} ${url.split('?')[0]}`];
    const answer = handler
      ? handler(seen)
      : { status: 404, body: { code: 1009, msg: 'incorrect URL', data: null } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { impl, calls };
}

/** A successful envelope around `data`. */
export const okBody = (data: unknown): Answer => ({ body: { code: 0, msg: 'success', data } });

/**
 * The session `operators/me` answers for an operator with these roles ("Fin Ops" unless named); with
 * `mustChangePassword`, one signed in with a first password.
 */
export const operatorSession = (
  roles: string[],
  {
    name = 'Fin Ops',
    email = 'fin@ops.example',
    expiresAt = Date.now() + 8 * 3600_000,
    mustChangePassword = false,
  } = {},
) => ({
  operator: { id: '1', email, name, roles, active: true, createdAt: 0, lastSignInAt: null },
  expiresAt,
  mustChangePassword,
});

/** A waiting deposit as the admin list answers it: `uid` is the ticket's number, `userUid` the trader's. */
export const waitingDeposit = (createdAt: number): AdminDeposit => ({
  id: '11',
  uid: 'D1795589851040',
  userUid: '12345678',
  brandId: 'tradekit',
  method: 'crypto',
  coinId: 3,
  currency: 'BTC',
  protocol: 'BTC',
  amount: '0.5',
  usdAmount: '30000.00',
  state: 'waiting',
  reason: '',
  createdAt,
  reviewedAt: null,
  reviewedBy: null,
  proofUrl: '/admin/v1/deposits/11/proof',
});

/** The summary of user 12345678 beside a queue item or a lookup. */
export const SUMMARY: UserSummary = {
  uid: '12345678',
  brandId: 'tradekit',
  email: 'a***@example.com',
  phone: null,
  registeredAt: 0,
  blocked: false,
  withdrawalFrozen: false,
  balance: '250.5',
  lockMargin: '0',
  approvedDeposits: '100',
  paidWithdrawals: '0',
  waitingWithdrawal: '0',
  loan: null,
};

/** User 12345678's one open order. */
export const OPEN_ORDER = {
  uid: 'O1',
  tradePair: 'EURUSD',
  productName: 'EUR/USD',
  orderType: 0,
  positionStatus: 2,
  openingPrice: '1.1',
  orderQuantity: '0.1',
  margin: '110',
  orderTime: 0,
};

/** The back office in English over `fetchImpl`. */
export function renderApp(fetchImpl: typeof fetch) {
  const i18n = createI18n({ strings: { english: { backoffice: strings }, languages: {} } });
  return render(<BackofficeApp i18n={i18n} fetchImpl={fetchImpl} />);
}
