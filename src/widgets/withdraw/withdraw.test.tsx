// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectKeysOfRetryChangeAnswer, lostTwiceThen } from '../_shared/idempotency-keys.fixture';
import { decodeField } from '../../core/codec/field-codec';
import { renderWithdraw, SAVED_ADDRESS, SESSION_KEY, type RenderedWithdraw } from './withdraw.fixture';

let view: RenderedWithdraw | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  vi.useRealTimers();
});

const quoteCalls = () => view?.h.callsTo('waa/user/withdraw/calculate').map((c) => c.body) ?? [];
const amountInput = () =>
  document.querySelector<HTMLInputElement>('input[part="amount"]') as HTMLInputElement;
const done = () => screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement;

async function chooseCoin(label: string) {
  await waitFor(() => expect(view?.h.callsTo('waa/cryptocurrency/simple/find/all')).toHaveLength(1));
  fireEvent.click(screen.getByRole('button', { name: /Coin \/ network/ }));
  fireEvent.click(await screen.findByRole('button', { name: label }));
}

async function type(amount: string) {
  await act(async () => {
    fireEvent.change(amountInput(), { target: { value: amount } });
  });
}

describe('<Withdraw>', () => {
  it('asks a signed-out visitor to log in', async () => {
    const onNavigate = vi.fn();
    view = await renderWithdraw({ onNavigate }, { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/user/withdraw' });
    expect(view.h.callsTo('waa/cryptocurrency/user/wallet/withdrawStatus')).toHaveLength(0);
  });

  it('offers nothing on the demo account and asks the server nothing', async () => {
    view = await renderWithdraw({}, { demo: true });
    expect(await screen.findByText('Withdrawals are not offered on the demo account.')).toBeTruthy();
    expect(view.h.callsTo('waa/cryptocurrency/user/wallet/withdrawStatus')).toHaveLength(0);
  });

  it('runs the status check first and shows why a withdrawal cannot start (1067)', async () => {
    view = await renderWithdraw(
      {},
      {
        handlers: {
          'waa/cryptocurrency/user/wallet/withdrawStatus': () => ({
            code: 1067,
            msg: 'pending withdrawal requests awaiting review',
          }),
        },
      },
    );
    const alert = await screen.findByText(/awaiting review/);
    expect(alert.getAttribute('part')).toBe('status');
  });

  it('stops an unverified trader (1014) with the way to the verification page, and 1156 with the binding', async () => {
    const onNavigate = vi.fn();
    const answer = { code: 1014, msg: 'wrong real-name status' };
    view = await renderWithdraw(
      { onNavigate },
      {
        systemConfigs: [{ name: 'user/juniorVerified', enable: true }],
        handlers: { 'waa/cryptocurrency/user/wallet/withdrawStatus': () => answer },
      },
    );
    const stop = await screen.findByRole('alert');
    await waitFor(() => expect(stop.textContent).toContain('Incorrect real-name verification status (1014)'));
    // A junior-only brand: its one level is the way forward.
    fireEvent.click(screen.getByRole('button', { name: 'Verify your identity' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/juniorVerified' });
    view.close();
    answer.code = 1156;
    view = await renderWithdraw(
      { onNavigate },
      { handlers: { 'waa/cryptocurrency/user/wallet/withdrawStatus': () => answer } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Bind an email' }));
    expect(onNavigate).toHaveBeenLastCalledWith({ to: '/user/bindEmail' });
  });

  it('quotes a valid amount at once and again every second, and stops for an out-of-range one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    view = await renderWithdraw();
    await chooseCoin('USDT (TRC20)');
    expect(screen.getByText('(50 USDT ~ 10000000 USDT)')).toBeTruthy();
    // The saved address shows read-only.
    const address = document.querySelector<HTMLInputElement>('input[part="address"]');
    expect(address?.readOnly).toBe(true);
    expect(address?.value).toBe(SAVED_ADDRESS);

    await type('100');
    await waitFor(() => expect(quoteCalls()).toHaveLength(1));
    expect(quoteCalls()[0]).toEqual({ currencyId: 1, num: '100' });
    await waitFor(() => expect(screen.getByTestId('withdraw-actual').textContent).toBe('75 USDT'));
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('25 USDT');
    expect(screen.getByTestId('withdraw-after').textContent).toBe('900.00 USD');
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(quoteCalls()).toHaveLength(2));
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(quoteCalls()).toHaveLength(3));

    await type('10');
    expect(screen.getByText('The amount must be from 50 USDT to 10000000 USDT.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(quoteCalls()).toHaveLength(3);
    expect(done().disabled).toBe(true);
  });

  it('reads a leading point as 0. (it was stripped), and shows insufficient balance from the quote', async () => {
    view = await renderWithdraw();
    await chooseCoin('USDT (TRC20)');
    await type('.5');
    expect(amountInput().value).toBe('0.5');
    await type('1000.5');
    expect(await screen.findByText('Balance is not enough')).toBeTruthy();
    expect(done().disabled).toBe(true);
  });

  it('clears amount and selection when the tab changes', async () => {
    view = await renderWithdraw();
    await chooseCoin('USDT (TRC20)');
    await type('100');
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank card' }));
    expect(amountInput().value).toBe('');
    expect(screen.getByRole('button', { name: /Bank card.*Choose/ })).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: 'Crypto' }));
    expect(screen.getByRole('button', { name: /Coin \/ network.*Choose/ })).toBeTruthy();
  });

  it('offers only the tabs the brand allows', async () => {
    view = await renderWithdraw({}, { systemConfigs: [{ name: 'NO_WALLET_WITHDRAW', enable: true }] });
    expect(await screen.findByText('Withdrawals are not offered.')).toBeTruthy();
    view.close();
    view = await renderWithdraw({}, { systemConfigs: [] });
    await waitFor(() => expect(view?.h.callsTo('waa/cryptocurrency/simple/find/all')).toHaveLength(1));
    expect(screen.queryByRole('tab')).toBeNull();
    expect(view.h.callsTo('waa/user/bank/all')).toHaveLength(0);
  });

  it('submits a typed address encoded with the session key, then toasts and asks for the records', async () => {
    const onNavigate = vi.fn();
    view = await renderWithdraw({ onNavigate });
    await chooseCoin('BTC (BTC)');
    const address = document.querySelector<HTMLInputElement>('input[part="address"]') as HTMLInputElement;
    expect(address.readOnly).toBe(false);
    fireEvent.change(address, { target: { value: 'bc1qtypedaddress' } });
    await type('0.01');
    await waitFor(() => expect(done().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(done());
    });
    await waitFor(() => expect(view?.h.callsTo('waa/user/withdraw')).toHaveLength(1));
    const body = view.h.callsTo('waa/user/withdraw')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ num: '0.01', practicalNum: '0.00995', currencyId: 3, locale: 'en' });
    expect(decodeField(String(body.paymentAddress), SESSION_KEY)).toBe('bc1qtypedaddress');
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith({ to: '/user/wallet/depositList' }));
    expect(await screen.findByText('Submitted successfully, please wait for the review.')).toBeTruthy();
  });

  it('sends one Idempotency-Key per submission: kept for a retry after a lost answer, new after a change or an answer', async () => {
    view = await renderWithdraw(
      {},
      { handlers: { 'waa/user/withdraw': lostTwiceThen({ code: 1033, msg: 'try again later' }) } },
    );
    const call = vi.spyOn(view.h.platform.api, 'call');
    await chooseCoin('BTC (BTC)');
    const address = document.querySelector<HTMLInputElement>('input[part="address"]') as HTMLInputElement;
    fireEvent.change(address, { target: { value: 'bc1qtypedaddress' } });
    await type('0.01');
    const sent = async (count: number) => {
      await waitFor(() => expect(done().disabled).toBe(false));
      await act(async () => {
        fireEvent.click(done());
      });
      await waitFor(() => expect(view?.h.callsTo('waa/user/withdraw')).toHaveLength(count));
    };
    await expectKeysOfRetryChangeAnswer(call, 'waa/user/withdraw', sent, () => type('0.02'));
  });

  it('withdraws to a bank card chosen in the drawer; no card offers adding one', async () => {
    view = await renderWithdraw();
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank card' }));
    await waitFor(() => expect(view?.h.callsTo('waa/user/bank/all')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Bank card.*Choose/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deutsche Bank ****3000' }));
    await type('200');
    await waitFor(() => expect(screen.getByTestId('withdraw-actual').textContent).toBe('175.00 USD'));
    await act(async () => {
      fireEvent.click(done());
    });
    await waitFor(() => expect(view?.h.callsTo('waa/user/withdraw')).toHaveLength(1));
    expect(view.h.callsTo('waa/user/withdraw')[0]?.body).toMatchObject({
      num: '200',
      practicalNum: '175.00000',
      userBankId: '9',
      withdrawType: 1,
      currencyId: 1,
    });
    view.close();

    const onNavigate = vi.fn();
    view = await renderWithdraw(
      { onNavigate },
      { handlers: { 'waa/user/bank/all': () => ({ code: 0, data: { list: [] } }) } },
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add a bank card' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/wallet/addBankCard' });
  });

  it("says 'bank card meta not found.' on the bank tab when the bank withdrawal meta answers a code (spec §8)", async () => {
    view = await renderWithdraw(
      {},
      {
        handlers: {
          'waa/cryptocurrency/bank/withdraw/find/one': () => ({ code: 1008, msg: 'incorrect parameter' }),
        },
      },
    );
    await chooseCoin('BTC (BTC)');
    // The crypto tab does not depend on the bank meta: no notice there.
    expect(screen.queryByText('bank card meta not found.')).toBeNull();
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank card' }));
    expect((await screen.findByRole('alert')).textContent).toBe('bank card meta not found.');
  });

  it('shows the server’s message when the fee type is not supported', async () => {
    view = await renderWithdraw(
      {},
      {
        handlers: {
          'waa/user/withdraw/calculate': () => ({ code: 1073, msg: 'Not support feeType [TIERED]' }),
        },
      },
    );
    await chooseCoin('USDT (TRC20)');
    await type('100');
    expect(await screen.findByText('Not support feeType [TIERED]')).toBeTruthy();
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('--');
  });
});
