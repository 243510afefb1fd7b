// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectKeysOfRetryChangeAnswer, lostTwiceThen } from '../_shared/idempotency-keys.fixture';
import { DRAFT_KEY } from './deposit.logic';
import { amount, depositsSent, pickProof, renderDeposit, submit, toStep2 } from './deposit.fixture';
import type { RenderedDeposit } from './deposit.fixture';

let view: RenderedDeposit | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  vi.unstubAllGlobals();
});

const submits = () => depositsSent(view);
const problem = () => document.querySelector('[part="problem"]')?.textContent ?? null;

describe('<Deposit>', () => {
  it('asks a signed-out visitor to log in, and loads nothing', async () => {
    const onNavigate = vi.fn();
    view = await renderDeposit({ onNavigate }, { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/user/deposit' });
    expect(view.h.callsTo('waa/cryptocurrency/simple/find/all')).toHaveLength(0);
  });

  it('offers no deposit on the demo account (spec §6)', async () => {
    view = await renderDeposit({}, { virtual: true });
    expect(screen.getByText(/not available on the demo account/)).toBeTruthy();
    expect(view.h.callsTo('waa/cryptocurrency/simple/find/all')).toHaveLength(0);
  });

  it('sends the user to customer service when the brand disables deposits', async () => {
    const onNavigate = vi.fn();
    view = await renderDeposit({ onNavigate }, { flags: [{ name: 'disableDeposit', enable: true }] });
    fireEvent.click(screen.getByRole('button', { name: 'Customer service' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/service' });
  });

  it("labels one tab per deposit type and shows the first coin's address with its QR code", async () => {
    view = await renderDeposit();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Crypto' })).toBeTruthy());
    expect(screen.getByRole('tab', { name: 'Bank wire' })).toBeTruthy();
    expect(screen.getByText('TPlatformAddressTRC20xxxxxxxxxxxxx')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('deposit-qr').getAttribute('src')).toMatch(/^data:image\/png/),
    );
    fireEvent.change(screen.getByLabelText('Coin and network'), { target: { value: '3' } });
    expect(screen.getByText('bc1qplatformbtcaddress')).toBeTruthy();
    expect(screen.getByText('memo-7')).toBeTruthy();
  });

  it('shows no tabs for a single deposit type and no QR code where the brand hides it', async () => {
    view = await renderDeposit(
      {},
      { depositTypes: ['crypto'], flags: [{ name: 'depositHideQRCode', enable: true }] },
    );
    await waitFor(() => expect(screen.getByText('TPlatformAddressTRC20xxxxxxxxxxxxx')).toBeTruthy());
    expect(screen.queryByRole('tab')).toBeNull();
    // The QR code's frame is there at once when a code is drawn (the image follows): no frame, no code ever.
    expect(document.querySelector('[part="qr"]')).toBeNull();
    expect(screen.queryByTestId('deposit-qr')).toBeNull();
  });

  it('copies the address and confirms with the toast', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    view = await renderDeposit();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Copy Deposit address/ })).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Copy Deposit address/ }));
    });
    expect(writeText).toHaveBeenCalledWith('TPlatformAddressTRC20xxxxxxxxxxxxx');
    expect(screen.getByText('Copied to clipboard')).toBeTruthy();
  });

  it("uses the user's own wallets on walletType 1 brands", async () => {
    view = await renderDeposit({}, { walletType: 1 });
    await waitFor(() => expect(screen.getByText('own-1')).toBeTruthy());
    expect(view.h.callsTo('waa/userSelfWallet/find')).toHaveLength(1);
    expect(view.h.callsTo('waa/cryptocurrency/simple/find/all')).toHaveLength(0);
  });

  it('validates step 2 in the order of spec §5 and reads a leading point as 0.', async () => {
    view = await renderDeposit();
    await toStep2();
    await submit();
    expect(problem()).toBe('Please enter the deposit amount');
    // Issue #26: `.5` became 5 and a sixth decimal was cut without a word.
    fireEvent.change(amount(), { target: { value: '.5' } });
    expect(amount().value).toBe('0.5');
    fireEvent.change(amount(), { target: { value: '12.1234567' } });
    expect(amount().value).toBe('12.1234567');
    await submit();
    expect(problem()).toBe('At most 5 decimal places');
    fireEvent.change(amount(), { target: { value: '12.12345' } });
    await submit();
    expect(problem()).toBe('The minimum deposit is 1,000.00 USD');
    fireEvent.change(amount(), { target: { value: '1000' } });
    await submit();
    expect(problem()).toBe('Please upload the deposit proof');
    await pickProof();
    await submit();
    expect(problem()).toBe('Please read and accept the agreement');
    expect(submits()).toHaveLength(0);
  });

  it('submits coin, amount, language and the proof, then returns to the first coin and step 1', async () => {
    view = await renderDeposit();
    await waitFor(() => expect(screen.getByLabelText('Coin and network')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Coin and network'), { target: { value: '3' } });
    await toStep2();
    fireEvent.change(amount(), { target: { value: '0.05' } });
    await pickProof();
    fireEvent.click(screen.getByRole('checkbox'));
    await submit();
    await waitFor(() => expect(submits()).toHaveLength(1));
    const body = submits()[0] as { metaData: string; depositProof: File };
    expect(JSON.parse(body.metaData)).toEqual({
      type: 'crypto',
      coinId: 3,
      said: 'memo-7',
      amt: '0.05',
      locale: 'en',
      agreement: true,
    });
    expect(body.depositProof.name).toBe('proof.png');
    await waitFor(() =>
      expect(screen.getByText('Submitted successfully, please wait for processing')).toBeTruthy(),
    );
    expect((screen.getByLabelText('Coin and network') as HTMLSelectElement).value).toBe('1');
  });

  it("shows the server's refusal and keeps the form", async () => {
    view = await renderDeposit({}, { server: { submit: () => ({ code: 1036, msg: 'NOT_CORRECT_AMOUNT' }) } });
    await toStep2();
    fireEvent.change(amount(), { target: { value: '5000' } });
    await pickProof();
    fireEvent.click(screen.getByRole('checkbox'));
    await submit();
    await waitFor(() => expect(document.querySelector('[part="toast"]')?.textContent).toMatch(/1036/));
    expect(amount().value).toBe('5000');
  });

  it('sends one Idempotency-Key per submission: kept for a retry after a lost answer, new after a change or an answer', async () => {
    view = await renderDeposit(
      {},
      { server: { submit: lostTwiceThen({ code: 1036, msg: 'NOT_CORRECT_AMOUNT' }) } },
    );
    const call = vi.spyOn(view.h.platform.api, 'call');
    await toStep2();
    fireEvent.change(amount(), { target: { value: '5000' } });
    await pickProof();
    fireEvent.click(screen.getByRole('checkbox'));
    const sent = async (count: number) => {
      await submit();
      await waitFor(() => expect(submits()).toHaveLength(count));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false),
      );
    };
    await expectKeysOfRetryChangeAnswer(call, 'waa/user/deposit', sent, () =>
      fireEvent.change(amount(), { target: { value: '6000' } }),
    );
  });

  it('keeps the form while the user reads the agreement and restores it on return, once', async () => {
    const onNavigate = vi.fn();
    view = await renderDeposit({ onNavigate });
    await toStep2();
    fireEvent.change(amount(), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('link', { name: 'deposit agreement' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/agreement' });
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? 'null')).toMatchObject({
      form: { amount: '1500', step: 2 },
    });
    view.unmount();
    view = await renderDeposit({ onNavigate });
    await waitFor(() => expect(amount().value).toBe('1500'));
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('points to the bank wire tab where the brand hides crypto', async () => {
    view = await renderDeposit({}, { flags: [{ name: 'depositHideCrypto', enable: true }] });
    await waitFor(() => expect(screen.getByText(/handled through our bank wire account/)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Bank wire' }));
    expect(screen.getByRole('tab', { name: 'Bank wire', selected: true })).toBeTruthy();
  });

  it("shows the brand's bank accounts and sends the chosen one", async () => {
    view = await renderDeposit();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Bank wire' })).toBeTruthy());
    fireEvent.click(screen.getByRole('tab', { name: 'Bank wire' }));
    fireEvent.change(amount(), { target: { value: '2000' } });
    await pickProof();
    fireEvent.click(screen.getByRole('checkbox', { name: /deposit agreement/ }));
    await submit();
    expect(problem()).toBe('Please choose a receiving bank account');
    fireEvent.click(screen.getByRole('radio', { name: /First Harbor Bank/ }));
    expect(screen.getByText('FHBKUS33')).toBeTruthy();
    await submit();
    await waitFor(() => expect(submits()).toHaveLength(1));
    expect(JSON.parse((submits()[0] as { metaData: string }).metaData)).toMatchObject({
      type: 'bank',
      bankId: 1,
      amt: '2000',
    });
  });

  it('takes a fixed-USD wire without an account choice where depositBanNewFlow is on', async () => {
    view = await renderDeposit({}, { depositTypes: ['bank'], server: { fixedUsd: true } });
    await waitFor(() => expect(screen.getByText('USD')).toBeTruthy());
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.change(amount(), { target: { value: '2000' } });
    await pickProof();
    fireEvent.click(screen.getByRole('checkbox'));
    await submit();
    await waitFor(() => expect(submits()).toHaveLength(1));
    expect(JSON.parse((submits()[0] as { metaData: string }).metaData)).not.toHaveProperty('bankId');
  });
});
