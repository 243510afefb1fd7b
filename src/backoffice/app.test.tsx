// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  OPEN_ORDER,
  SUMMARY,
  mockFetch,
  okBody,
  operatorSession,
  renderApp,
  waitingDeposit,
} from './app.fixture';
import type { Answer, Handler } from './app.fixture';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

const NOT_SIGNED_IN: Answer = { status: 401, body: { code: 400, msg: 'admin token required', data: null } };
const DEPOSIT = waitingDeposit(Date.UTC(2026, 0, 5, 9));
const LEDGER = {
  list: [
    {
      id: '1',
      txnId: '1',
      kind: 'credit',
      ref: null,
      note: null,
      bucket: 'balance',
      amount: '250.5',
      createdAt: 0,
    },
  ],
  page: 1,
  pageSize: 10,
  total: 1,
};
const POSITIONS = { orders: [OPEN_ORDER], options: [] };

/** Routes of a finance operator with one waiting deposit that disappears once approved or rejected. */
function financeRoutes(overrides: Record<string, Handler> = {}) {
  let waiting = [DEPOSIT];
  const routes: Record<string, Handler> = {
    'GET /admin/v1/operators/me': () => okBody(operatorSession(['finance'])),
    'GET /admin/v1/deposits': () => okBody({ list: waiting, total: waiting.length }),
    'GET /admin/v1/withdrawals': () => okBody({ list: [] }),
    'GET /admin/v1/users/12345678/summary': () => okBody(SUMMARY),
    'GET /admin/v1/users/12345678/ledger': () => okBody(LEDGER),
    'GET /admin/v1/users/12345678/positions': () => okBody(POSITIONS),
    'POST /admin/v1/deposits/11/approve': () => {
      waiting = [];
      return okBody({ id: '11', state: 'success' });
    },
    'POST /admin/v1/deposits/11/reject': () => {
      waiting = [];
      return okBody({ id: '11', state: 'fail' });
    },
    ...overrides,
  };
  return mockFetch(routes);
}

describe('<BackofficeApp>', () => {
  it('signs in with email, password and code; a wrong code shows the catalogue message and clears the code', async () => {
    let signedIn = false;
    const { impl, calls } = mockFetch({
      'GET /admin/v1/operators/me': () => (signedIn ? okBody(operatorSession(['finance'])) : NOT_SIGNED_IN),
      'POST /admin/v1/operators/login': (seen) => {
        const { code } = seen.body as { code: string };
        if (code !== '246810')
          return { body: { code: 1108, msg: 'incorrect account or password', data: null } };
        signedIn = true;
        return okBody(operatorSession(['finance']));
      },
      'GET /admin/v1/deposits': () => okBody({ list: [] }),
    });
    renderApp(impl);
    fireEvent.change(await screen.findByTestId('bo-email'), { target: { value: 'fin@ops.example' } });
    fireEvent.change(screen.getByTestId('bo-password'), { target: { value: 'a-long-passphrase' } });
    fireEvent.change(screen.getByTestId('bo-code'), { target: { value: '13 57 9x9' } });
    expect(screen.getByTestId<HTMLInputElement>('bo-code').value).toBe('135799');
    fireEvent.click(screen.getByTestId('bo-submit'));
    expect(await screen.findByTestId('bo-signin-error')).toHaveProperty(
      'textContent',
      expect.stringContaining('(1108)'),
    );
    expect(screen.getByTestId<HTMLInputElement>('bo-code').value).toBe('');
    fireEvent.change(screen.getByTestId('bo-code'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('bo-submit'));
    expect(await screen.findByTestId('bo-queue-empty')).toBeTruthy();
    expect(screen.getByTestId('bo-operator').textContent).toContain('Fin Ops');
    expect(screen.getByTestId('bo-operator').textContent).toContain('Finance');
    const login = calls.filter((call) => call.url === '/admin/v1/operators/login').at(-1);
    expect(login?.body).toEqual({ email: 'fin@ops.example', password: 'a-long-passphrase', code: '246810' });
    expect(login?.headers['x-tk-backoffice']).toBe('1');
  });

  it('a wrong code with the right password says the code is wrong (1020), not the password, and takes the next code', async () => {
    const { impl } = mockFetch({
      'GET /admin/v1/operators/me': () => NOT_SIGNED_IN,
      'POST /admin/v1/operators/login': () => ({
        body: { code: 1020, msg: 'invalid verification code', data: null },
      }),
    });
    renderApp(impl);
    fireEvent.change(await screen.findByTestId('bo-email'), { target: { value: 'fin@ops.example' } });
    fireEvent.change(screen.getByTestId('bo-password'), { target: { value: 'a-long-passphrase' } });
    fireEvent.change(screen.getByTestId('bo-code'), { target: { value: '135799' } });
    fireEvent.click(screen.getByTestId('bo-submit'));
    const error = await screen.findByTestId('bo-signin-error');
    expect(error.textContent).toBe('Invalid verification code (1020)');
    expect(error.textContent).not.toContain('password');
    const code = screen.getByTestId<HTMLInputElement>('bo-code');
    expect(code.value).toBe('');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toContain('bo-signin-error');
    expect(screen.getByTestId<HTMLInputElement>('bo-password').value).toBe('a-long-passphrase');
  });

  it('queue → select → side panel → approve → the queue refreshes without the item', async () => {
    const { impl, calls } = financeRoutes();
    renderApp(impl);
    const item = await screen.findByTestId('bo-queue-item');
    expect(item.textContent).toContain('0.50 BTC');
    fireEvent.click(item);
    const detail = screen.getByTestId('bo-detail');
    expect(within(detail).getByTestId<HTMLImageElement>('bo-proof').getAttribute('src')).toBe(
      '/admin/v1/deposits/11/proof',
    );
    expect((await screen.findByTestId('bo-summary')).textContent).toContain('a***@example.com');
    // Money as every USD amount shows: 2 decimals and thousands separators.
    expect(screen.getByTestId('bo-summary').textContent).toContain('250.50 USD');
    expect((await screen.findByTestId('bo-ledger')).textContent).toContain('250.50');
    expect((await screen.findByTestId('bo-positions')).textContent).toContain('EUR/USD');

    fireEvent.click(within(detail).getByTestId('bo-approve'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Approve ticket D1795589851040?');
    const listsBefore = calls.filter((call) => call.url.startsWith('/admin/v1/deposits?')).length;
    await act(async () => fireEvent.click(within(dialog).getByTestId('bo-confirm')));
    expect(await screen.findByTestId('bo-queue-empty')).toBeTruthy();
    const approve = calls.find((call) => call.url === '/admin/v1/deposits/11/approve');
    expect(approve).toMatchObject({ method: 'POST', body: {} });
    expect(approve?.headers['x-tk-backoffice']).toBe('1');
    expect(calls.filter((call) => call.url.startsWith('/admin/v1/deposits?')).length).toBe(listsBefore + 1);
    expect(calls.find((call) => call.url.startsWith('/admin/v1/deposits?'))?.url).toBe(
      '/admin/v1/deposits?status=waiting',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('toast').textContent).toContain('Ticket D1795589851040 approved');
  });

  it('rejects only with a reason, and sends it', async () => {
    const { impl, calls } = financeRoutes();
    renderApp(impl);
    fireEvent.click(await screen.findByTestId('bo-queue-item'));
    fireEvent.click(screen.getByTestId('bo-reject'));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByTestId<HTMLButtonElement>('bo-confirm');
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('bo-reason'), { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('bo-reason'), {
      target: { value: '  Proof amount differs  ' },
    });
    expect(confirm.disabled).toBe(false);
    await act(async () => fireEvent.click(confirm));
    expect(await screen.findByTestId('bo-queue-empty')).toBeTruthy();
    expect(calls.find((call) => call.url === '/admin/v1/deposits/11/reject')?.body).toEqual({
      reason: 'Proof amount differs',
    });
  });

  it("freezes the user's withdrawals from the side panel with a reason, then shows them frozen", async () => {
    let frozen = false;
    const { impl, calls } = financeRoutes({
      'GET /admin/v1/users/12345678/summary': () => okBody({ ...SUMMARY, withdrawalFrozen: frozen }),
      'POST /admin/v1/users/12345678/withdrawals/freeze': () => {
        frozen = true;
        return okBody({ uid: '12345678', frozen: true });
      },
    });
    renderApp(impl);
    fireEvent.click(await screen.findByTestId('bo-queue-item'));
    const hold = await screen.findByTestId('bo-withdrawal-hold');
    expect(hold.textContent).toBe('AllowedFreeze withdrawals');
    fireEvent.click(within(hold).getByTestId('bo-hold'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Freeze the withdrawals of user 12345678?');
    const confirm = within(dialog).getByTestId<HTMLButtonElement>('bo-confirm');
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('bo-reason'), {
      target: { value: ' Chargeback under review ' },
    });
    await act(async () => fireEvent.click(confirm));
    await waitFor(() =>
      expect(screen.getByTestId('bo-withdrawal-hold').textContent).toBe('FrozenUnfreeze withdrawals'),
    );
    const sent = calls.find((call) => call.url === '/admin/v1/users/12345678/withdrawals/freeze');
    expect(sent?.body).toEqual({ reason: 'Chargeback under review' });
    expect(sent?.headers['x-tk-backoffice']).toBe('1');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('toast').textContent).toContain('Withdrawals of user 12345678 frozen');
  });

  it('shows the catalogue message when an action fails and keeps the item', async () => {
    const { impl } = financeRoutes({
      'POST /admin/v1/deposits/11/approve': () => ({
        body: { code: 1041, msg: 'DEPOSIT_TICKET_STATE_IS_NOT_CORRECT', data: null },
      }),
    });
    renderApp(impl);
    fireEvent.click(await screen.findByTestId('bo-queue-item'));
    fireEvent.click(screen.getByTestId('bo-approve'));
    await act(async () => fireEvent.click(screen.getByTestId('bo-confirm')));
    expect((await screen.findByTestId('bo-confirm-error')).textContent).toContain('(1041)');
    expect(screen.getByTestId('bo-queue-item')).toBeTruthy();
  });

  it('returns to the sign-in page when the session ends', async () => {
    const { impl } = financeRoutes({ 'GET /admin/v1/users/12345678/summary': () => NOT_SIGNED_IN });
    renderApp(impl);
    fireEvent.click(await screen.findByTestId('bo-queue-item'));
    expect(await screen.findByTestId('bo-email')).toBeTruthy();
    // It says why: the inactivity timeout first (decision SEC11).
    expect(screen.getByRole('alert').textContent).toBe(
      'Your session has ended (30 minutes without activity, 8 hours after signing in, or a sign-out). ' +
        'Please sign in again.',
    );
  });

  it('shows a support operator only the support inbox and the audit log, with filters sent as the query', async () => {
    const row = {
      id: '5',
      actor: 'operator:1',
      actorEmail: 'fin@ops.example',
      action: 'deposit.approve',
      objectKind: 'deposit',
      objectId: '11',
      before: { state: 'waiting' },
      after: { state: 'success' },
      reason: '',
      createdAt: 0,
    };
    const { impl, calls } = mockFetch({
      'GET /admin/v1/operators/me': () => okBody(operatorSession(['support'])),
      'GET /admin/v1/audit': () => okBody({ list: [row], page: 1, pageSize: 20, total: 1 }),
      'GET /admin/v1/support/conversations': () => okBody({ list: [], total: 0 }),
      'POST /admin/v1/operators/logout': () => okBody({}),
    });
    renderApp(impl);
    // The support inbox (issue #21) is the support operator's first page; the audit log is the other one.
    expect(await screen.findByTestId('bo-queue-support')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bo-nav-audit'));
    const table = await screen.findByTestId('bo-audit-table');
    expect(screen.queryByTestId('bo-nav-deposits')).toBeNull();
    expect(screen.queryByTestId('bo-nav-withdrawals')).toBeNull();
    expect(screen.getByTestId('bo-nav-audit')).toBeTruthy();
    expect(table.textContent).toContain('deposit.approve');
    expect(within(table).getByRole('listitem').textContent).toBe('state: waiting → success');
    fireEvent.change(screen.getByTestId('bo-audit-objectKind'), { target: { value: 'deposit' } });
    fireEvent.change(screen.getByTestId('bo-audit-objectId'), { target: { value: ' 11 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/admin/v1/audit?objectKind=deposit&objectId=11&page=1&pageSize=20',
      ),
    );
    fireEvent.click(screen.getByTestId('bo-sign-out'));
    expect(await screen.findByTestId('bo-email')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/admin/v1/operators/logout' });
  });
});
