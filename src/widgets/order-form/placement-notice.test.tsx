// @vitest-environment jsdom
/**
 * Issue #26 item 4 (KB1–KB3): the order and option forms say what blocks a placement before the trader fills
 * them in, with the catalogue text of each rule's code and why, and ask again when the answer may change.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlacementBlock } from '../../core/contract/placement';
import { renderOrderForm } from './order-form.fixture';
import * as placement from '../_shared/placement-notice.fixture';
import type { TradeFormView } from '../_shared/trade-form.fixture';

let view: TradeFormView | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  vi.useRealTimers();
});

const WITHDRAWAL: PlacementBlock = { rule: 'withdrawal-pending', code: 406 };

describe('the placement notice of <OrderForm>', () => {
  it('says a waiting withdrawal blocks orders, and why, at the top of the form before anything is typed', async () => {
    const { handler } = placement.verdict([WITHDRAWAL]);
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0 },
      { handlers: { [placement.PATH]: handler } },
    );
    const shown = await screen.findByTestId('placement-notice');
    expect(shown.getAttribute('role')).toBe('status');
    expect(shown.textContent).toContain("You can't place orders on this account right now");
    expect(placement.lines()).toEqual([
      'There are unverified withdrawal records (406)' +
        'Orders on your real account open again once your withdrawal has been reviewed. The demo account is not affected.',
    ]);
    expect(placement.before(shown, screen.getByTestId('volume'))).toBe(true);
    expect(view.callsTo(placement.PATH)[0]?.body).toEqual({ tradePair: 'BTCUSDT', kind: 'market' });
    // The submit stays the last word: the button is not taken away by a verdict that may be out of date.
    await waitFor(() => expect(screen.getByTestId('submit').dataset.state).toBe('normal'));
  });

  it('goes away when the page gets focus after the withdrawal was reviewed', async () => {
    const { state, handler } = placement.verdict([WITHDRAWAL]);
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0 },
      { handlers: { [placement.PATH]: handler } },
    );
    await screen.findByTestId('placement-notice');
    state.blocks = [];
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(placement.notice()).toBeNull());
  });

  it('asks again after a refused submit, so a block that began after the form opened shows', async () => {
    const { state, handler } = placement.verdict([]);
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0 },
      {
        handlers: {
          [placement.PATH]: handler,
          'exchange/order/addOrder': () => ({ code: 406, msg: 'unverified withdrawal records' }),
        },
      },
    );
    await waitFor(() => expect(view?.callsTo(placement.PATH).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByTestId('submit').dataset.state).toBe('normal'));
    expect(placement.notice()).toBeNull();
    state.blocks = [WITHDRAWAL];
    await act(async () => fireEvent.click(screen.getByTestId('submit')));
    expect((await screen.findByTestId('order-toast-alert')).textContent).toBe(
      'There are unverified withdrawal records (406)',
    );
    await waitFor(() =>
      expect(placement.lines()[0]).toContain('There are unverified withdrawal records (406)'),
    );
  });

  it('asks again when the balance moves (a rejected withdrawal is refunded)', async () => {
    // The form's one-second balance poll runs on the test's clock, not waited out.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { state, handler } = placement.verdict([WITHDRAWAL]);
    const balance = { amount: '9900.00' };
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0 },
      {
        handlers: {
          [placement.PATH]: handler,
          'waa/user/balance': () => ({
            code: 0,
            data: { balanceAmount: balance.amount, lockMargin: '0.00' },
          }),
        },
      },
    );
    await screen.findByTestId('placement-notice');
    state.blocks = [];
    balance.amount = '10000.00';
    // The form polls the balance every second (spec §9); the refund's new balance asks the verdict again.
    const asked = view.callsTo(placement.PATH).length;
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(placement.notice()).toBeNull());
    expect(view.callsTo(placement.PATH)).toHaveLength(asked + 1);
  });

  it('asks once when the form opens: the balance arriving is no move', async () => {
    const { handler } = placement.verdict([WITHDRAWAL]);
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0 },
      { handlers: { [placement.PATH]: handler } },
    );
    await screen.findByTestId('placement-notice');
    await waitFor(() => expect(view?.callsTo('waa/user/balance').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByTestId('submit').dataset.state).toBe('normal'));
    expect(view.callsTo(placement.PATH)).toHaveLength(1);
  });

  it('links an identity rule to the page that lifts it: 1014 to verification, 1156 to the email binding', async () => {
    const onNavigate = vi.fn();
    const { handler } = placement.verdict([
      { rule: 'bind-email-first', code: 1156 },
      { rule: 'identity-level', code: 1014 },
    ]);
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0, onNavigate },
      {
        handlers: { [placement.PATH]: handler },
        systemConfigs: [
          { name: 'showVerified', enable: true },
          { name: 'user/juniorVerified', enable: true },
        ],
      },
    );
    await screen.findByTestId('placement-notice');
    expect(placement.lines()[1]).toContain('Incorrect real-name verification status (1014)');
    const actions = await screen.findAllByTestId('placement-action');
    expect(actions.map((a) => a.textContent)).toEqual(['Bind an email', 'Verify your identity']);
    fireEvent.click(actions[1]!);
    fireEvent.click(actions[0]!);
    expect(onNavigate.mock.calls.map(([d]) => d)).toEqual([
      { to: '/user/verified' },
      { to: '/user/bindEmail' },
    ]);
  });

  it('asks nothing and shows nothing while signed out', async () => {
    const { handler } = placement.verdict([WITHDRAWAL]);
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0 },
      { signedIn: false, handlers: { [placement.PATH]: handler } },
    );
    await waitFor(() => expect(screen.getByTestId('submit').textContent).not.toBe(''));
    expect(view.callsTo(placement.PATH)).toEqual([]);
    expect(placement.notice()).toBeNull();
  });
});
