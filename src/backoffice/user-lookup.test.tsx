// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserHit, UserView } from '../core/contract/user-lookup';
import { OPEN_ORDER, SUMMARY, mockFetch, okBody, operatorSession, renderApp } from './app.fixture';
import type { Answer } from './app.fixture';
import { pagesFor } from './queues';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

const me = (roles: string[]) =>
  okBody(operatorSession(roles, { name: 'Op', email: 'op@ops.example', expiresAt: Date.now() + 3600_000 }));

const HIT: UserHit = {
  uid: '12345678',
  brandId: 'tradekit',
  email: 'a***@example.com',
  phone: null,
  registeredAt: Date.UTC(2026, 0, 2),
  blocked: false,
  withdrawalFrozen: false,
};
const VIEW: UserView = {
  user: HIT,
  accounts: [
    { kind: 'real', currency: 'USD', balance: '250.5', lockMargin: '110' },
    { kind: 'demo', currency: 'USD', balance: '10000', lockMargin: '0' },
    { kind: 'wallet', currency: 'BTC', balance: '0.00123', lockMargin: '0' },
  ],
  orders: [OPEN_ORDER],
  options: [],
  history: [
    {
      kind: 'option',
      uid: 'P1',
      tradePair: 'BTCUSDT',
      orderType: 1,
      amount: '20',
      result: '-20',
      closeReason: null,
      closedAt: 0,
    },
  ],
  cash: [
    {
      uid: 'W1',
      type: 'withdrawal',
      method: 'crypto',
      currency: 'USDT',
      amount: '50',
      state: 'fail',
      reason: 'Address mismatch',
      createdAt: 0,
    },
  ],
};
async function search(query: string) {
  fireEvent.change(screen.getByTestId('bo-lookup-query'), { target: { value: query } });
  await act(async () => fireEvent.click(screen.getByTestId('bo-lookup-submit')));
}

describe('the user lookup', () => {
  it('is a page of every role, before the audit log, and adds nothing to the queues', () => {
    // Support's own inbox (issue #21, SS10) comes first.
    expect(pagesFor(['support'])).toEqual(['support', 'users', 'audit']);
    expect(pagesFor(['compliance']).slice(-2)).toEqual(['users', 'audit']);
    expect(pagesFor(['finance']).slice(-2)).toEqual(['users', 'audit']);
  });

  it('lets support find a user and read what the trader sees, without the panels their roles exclude (the ledger, the freeze)', async () => {
    const { impl, calls } = mockFetch({
      'GET /admin/v1/operators/me': () => me(['support']),
      'GET /admin/v1/audit': () => okBody({ list: [], page: 1, pageSize: 20, total: 0 }),
      'POST /admin/v1/users/lookup': () => okBody({ by: 'email', list: [HIT] }),
      'GET /admin/v1/users/12345678/view': () => okBody(VIEW),
    });
    renderApp(impl);
    fireEvent.click(await screen.findByTestId('bo-nav-users'));
    // A query that names no uid, email or phone is refused here, with its reason, before any call.
    await search('alice');
    expect(screen.getByTestId('bo-lookup-error').textContent).toBe(
      'Enter a whole uid (8 digits), email address or phone number.',
    );
    expect(calls.some((call) => call.url.includes('lookup'))).toBe(false);

    await search('  Alice@Example.com ');
    const sent = calls.find((call) => call.url === '/admin/v1/users/lookup');
    expect(sent).toMatchObject({ method: 'POST', body: { query: 'Alice@Example.com' } });
    expect(sent?.headers['x-tk-backoffice']).toBe('1');
    // One user found: the panel opens at once, with the trader's view only.
    const panel = await screen.findByTestId('bo-side-panel');
    const accounts = await within(panel).findByTestId('bo-view-accounts');
    expect(accounts.textContent).toContain('Real account250.50 USD110.00');
    expect(accounts.textContent).toContain('Demo account10,000.00 USD');
    expect(accounts.textContent).toContain('BTC wallet0.00123 BTC–');
    expect(within(panel).getByTestId('bo-view-open').textContent).toContain('EUR/USD');
    expect(within(panel).getByTestId('bo-view-history').textContent).toContain('Option BTCUSDT · Sell');
    expect(within(panel).getByTestId('bo-view-cash').textContent).toContain(
      'Withdrawal50.00 USDTRejectedAddress mismatch',
    );
    // Support reads the summary beside a conversation (issue #21), never the ledger, and cannot freeze.
    expect(within(panel).queryByTestId('bo-hold')).toBeNull();
    expect(calls.map((call) => call.url).filter((url) => /summary|ledger|positions/.test(url))).toEqual([
      '/admin/v1/users/12345678/summary',
    ]);
  });

  it('shows finance several users to choose from, then the summary with the freeze and the trader view', async () => {
    const other = { ...HIT, uid: '87654321', brandId: 'partner', withdrawalFrozen: true };
    const { impl, calls } = mockFetch({
      'GET /admin/v1/operators/me': () => me(['finance']),
      'GET /admin/v1/deposits': () => okBody({ list: [], total: 0 }),
      'POST /admin/v1/users/lookup': () => okBody({ by: 'phone', list: [HIT, other] }),
      'GET /admin/v1/users/87654321/view': () => okBody({ ...VIEW, user: other }),
      'GET /admin/v1/users/87654321/summary': () =>
        okBody({
          ...SUMMARY,
          uid: '87654321',
          withdrawalFrozen: true,
          lockMargin: '110',
          approvedDeposits: '0',
          loan: { state: 'overdue', amount: '50000', amountOwed: '30000', repaymentDate: null },
        }),
      'GET /admin/v1/users/87654321/ledger': () => okBody({ list: [], page: 1, pageSize: 10, total: 0 }),
    });
    renderApp(impl);
    fireEvent.click(await screen.findByTestId('bo-nav-users'));
    await search('+1 555 123-4567');
    const hits = await screen.findAllByTestId('bo-lookup-hit');
    expect(hits.map((hit) => hit.textContent)).toEqual([
      expect.stringContaining('12345678tradekit'),
      expect.stringContaining('Withdrawals frozen'),
    ]);
    expect(screen.queryByTestId('bo-side-panel')).toBeNull();
    fireEvent.click(hits[1] as HTMLElement);
    const hold = await screen.findByTestId('bo-withdrawal-hold');
    expect(hold.textContent).toBe('FrozenUnfreeze withdrawals');
    expect(screen.getByTestId('bo-loan').textContent).toBe('Overdue: 30,000.00 USD owed');
    expect(await screen.findByTestId('bo-view-accounts')).toBeTruthy();
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toEqual(
        expect.arrayContaining([
          '/admin/v1/users/87654321/summary',
          '/admin/v1/users/87654321/ledger?page=1&pageSize=10',
        ]),
      ),
    );
    expect(calls.some((call) => call.url.includes('/positions'))).toBe(false);
  });

  it('says when no user matches, and shows a refusal with its catalogue message', async () => {
    let answer: Answer = okBody({ by: 'uid', list: [] });
    const { impl } = mockFetch({
      'GET /admin/v1/operators/me': () => me(['compliance']),
      'GET /admin/v1/audit': () => okBody({ list: [], page: 1, pageSize: 20, total: 0 }),
      'POST /admin/v1/users/lookup': () => answer,
    });
    renderApp(impl);
    fireEvent.click(await screen.findByTestId('bo-nav-users'));
    await search('99999999');
    expect((await screen.findByTestId('bo-lookup-none')).textContent).toBe('No user matches.');
    answer = { body: { code: 1001, msg: 'INCORRECT_PARAMETER', data: null } };
    await search('12345678');
    expect((await screen.findByTestId('bo-lookup-error')).textContent).toContain('(1001)');
  });
});
