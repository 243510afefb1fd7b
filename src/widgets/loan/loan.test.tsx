// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectKeysOfRetryChangeAnswer, lostTwiceThen } from '../_shared/idempotency-keys.fixture';
import { LOAN_SLOW_POLL_MS } from './loan.logic';
import { loanDto, renderLoan, repaymentDto, type RenderedLoan } from './loan.fixture';

let view: RenderedLoan | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  vi.useRealTimers();
});

const state = () => screen.getByTestId('loan-state');
const part = (name: string) =>
  document.querySelector<HTMLInputElement>(`[part="${name}"]`) as HTMLInputElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const calls = (path: string) => view?.h.callsTo(`waa/userLoan/${path}`).map((c) => c.body) ?? [];
const change = async (input: HTMLInputElement, value: string) => {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
};
/** Presses `label` once it is enabled and waits until `waa/userLoan/<path>` was called `n` times. */
const pressFor = (label: string, path: string) => async (n: number) => {
  await waitFor(() => expect(button(label).disabled).toBe(false));
  fireEvent.click(button(label));
  await waitFor(() => expect(calls(path)).toHaveLength(n));
};

describe('<Loan> without a loan', () => {
  it('asks a signed-out visitor to log in and asks the server nothing', async () => {
    const onNavigate = vi.fn();
    view = await renderLoan({ onNavigate }, { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/user/loan' });
    expect(calls('checkUserLoan')).toHaveLength(0);
  });

  it('offers no loan on the demo account, nor on a brand without user/loan', async () => {
    view = await renderLoan({}, { demo: true });
    expect(await screen.findByText('Loans are not offered on the demo account.')).toBeTruthy();
    expect(calls('checkUserLoan')).toHaveLength(0);
    view.close();
    view = await renderLoan({}, { systemConfigs: [] });
    expect(await screen.findByText('Loans are not offered.')).toBeTruthy();
    expect(calls('checkUserLoan')).toHaveLength(0);
  });

  it('applies with the sliders, a preset and the guarantor; Enter never submits', async () => {
    view = await renderLoan();
    await waitFor(() => expect(state().dataset.status).toBe('100'));
    expect(part('amount').value).toBe('50000');
    expect(screen.getByTestId('loan-days').textContent).toBe('7 days');
    // The amount slider moves in steps of 10,000 and the presets set the term.
    const [amountSlider, daysSlider] = screen.getAllByRole('slider') as HTMLInputElement[];
    expect([amountSlider?.min, amountSlider?.max, amountSlider?.step]).toEqual(['50000', '1000000', '10000']);
    expect([daysSlider?.min, daysSlider?.max, daysSlider?.step]).toEqual(['7', '30', '1']);
    await change(amountSlider as HTMLInputElement, '120000');
    expect(part('amount').value).toBe('120000');
    fireEvent.click(button('15 days'));
    expect(screen.getByTestId('loan-days').textContent).toBe('15 days');
    await change(part('guarantor'), '10000008');
    fireEvent.keyDown(part('guarantor'), { key: 'Enter' });
    fireEvent.keyDown(part('amount'), { key: 'Enter' });
    expect(calls('insert')).toHaveLength(0);

    fireEvent.click(button('Apply'));
    await waitFor(() => expect(state().dataset.status).toBe('0'));
    expect(calls('insert')).toEqual([{ amount: 120000, days: 15, guarantor: '10000008' }]);
    expect(screen.getByText('Your application is waiting for review.')).toBeTruthy();
    expect(button('Waiting for review').disabled).toBe(true);
  });

  it('refuses an amount off the step or out of range and a missing guarantor, without a call', async () => {
    view = await renderLoan();
    await waitFor(() => expect(state().dataset.status).toBe('100'));
    await change(part('amount'), '55000');
    expect(screen.getByRole('alert').textContent).toBe('The amount must be a multiple of 10,000.');
    await change(part('amount'), '2000000');
    expect(screen.getByRole('alert').textContent).toBe('The amount must be between 50,000 and 1,000,000.');
    await change(part('amount'), '12.5');
    expect(screen.getByRole('alert').textContent).toBe('Whole amounts only: remove the decimal point.');
    await change(part('amount'), '1000000');
    fireEvent.click(button('Apply'));
    expect(await screen.findByText("Enter the guarantor's UID.")).toBeTruthy();
    expect(calls('insert')).toHaveLength(0);
  });

  it('shows a server refusal in the catalogue text (1149), never a raw error', async () => {
    view = await renderLoan(
      {},
      { handlers: { 'waa/userLoan/insert': () => ({ code: 1149, msg: 'loan application in progress' }) } },
    );
    await waitFor(() => expect(state().dataset.status).toBe('100'));
    await change(part('guarantor'), '10000008');
    fireEvent.click(button('Apply'));
    const alert = await screen.findByText(/1149/);
    expect(alert.textContent).toBe('A loan application is already in progress (1149)');
  });

  it('sends one Idempotency-Key per application: kept for a retry after a lost answer, new after a change or an answer', async () => {
    view = await renderLoan(
      {},
      {
        handlers: {
          'waa/userLoan/insert': lostTwiceThen({ code: 1149, msg: 'loan application in progress' }),
        },
      },
    );
    const call = vi.spyOn(view.h.platform.api, 'call');
    await waitFor(() => expect(state().dataset.status).toBe('100'));
    await change(part('guarantor'), '10000008');
    await expectKeysOfRetryChangeAnswer(call, 'waa/userLoan/insert', pressFor('Apply', 'insert'), () =>
      change(part('amount'), '60000'),
    );
  });

  it("shows a rejected application's reason above a new application", async () => {
    view = await renderLoan(
      {},
      { server: { loan: loanDto({ status: 2, remark: 'Guarantor unknown to us' }) } },
    );
    await waitFor(() => expect(state().dataset.status).toBe('2'));
    expect(screen.getByTestId('loan-rejected').textContent).toBe(
      'Your last application was rejected. Reason: Guarantor unknown to us',
    );
    expect(button('Apply').disabled).toBe(false);
  });

  it('shows a rejection when its notification (629021) arrives, without waiting for the slow refresh', async () => {
    view = await renderLoan({}, { server: { loan: loanDto({ status: 0, repaymentDate: null }) } });
    await waitFor(() => expect(state().dataset.status).toBe('0'));
    await waitFor(() => expect(view?.sockets.sockets.length).toBeGreaterThan(0));
    act(() => view?.sockets.last().acceptOpen());
    view.server.loan = loanDto({ status: 2, remark: 'Guarantor unknown to us', repaymentDate: null });
    // Another notification does not reload; the rejection does.
    act(() =>
      view?.sockets.last().deliver({ ordertype: 'notification', unread: 1, id: '5', alarmType: 629012 }),
    );
    act(() =>
      view?.sockets.last().deliver({ ordertype: 'notification', unread: 2, id: '6', alarmType: 629021 }),
    );
    await waitFor(() => expect(state().dataset.status).toBe('2'));
    expect(calls('checkUserLoan')).toHaveLength(2);
    expect(screen.getByTestId('loan-rejected').textContent).toContain('Guarantor unknown to us');
  });

  it('asks again when the page is visible again, and every 30 s (not 3 s) while the application waits', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    view = await renderLoan({}, { server: { loan: loanDto({ status: 0, repaymentDate: null }) } });
    await waitFor(() => expect(state().dataset.status).toBe('0'));
    await act(async () => {
      vi.advanceTimersByTime(LOAN_SLOW_POLL_MS - 1);
    });
    expect(calls('checkUserLoan')).toHaveLength(1);
    // The page comes back into view: the loan is read again at once.
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(calls('checkUserLoan')).toHaveLength(2));
    view.server.loan = loanDto();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(state().dataset.status).toBe('1'));
    expect(calls('checkUserLoan')).toHaveLength(3);
    // Nothing waits any more: no refresh after that.
    await act(async () => {
      vi.advanceTimersByTime(LOAN_SLOW_POLL_MS * 2);
    });
    expect(calls('checkUserLoan')).toHaveLength(3);
  });
});

describe('<Loan> with a loan', () => {
  it("shows the loan's figures in the brand's zone and its repayments", async () => {
    view = await renderLoan(
      {},
      {
        server: {
          loan: loanDto({ amountOwed: '49000.00000000' }),
          repayments: [repaymentDto({ id: '32', status: 2, remark: 'No transfer seen' }), repaymentDto()],
        },
      },
    );
    await waitFor(() => expect(state().dataset.status).toBe('1'));
    expect(screen.getByTestId('loan-amount').textContent).toBe('50,000.00 USD');
    expect(screen.getByTestId('loan-owed').textContent).toBe('49,000.00 USD');
    // The fixture brand's zone is New York.
    expect(screen.getByTestId('loan-date').textContent).toBe('2026-12-06 07:00:00 UTC-5');
    const rows = within(part('repayments')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.dataset.status)).toEqual(['2', '1']);
    expect(rows[0]?.textContent).toContain('Rejected');
    expect(screen.getByTestId('repayment-rejected').textContent).toBe(
      'Loan repayment rejected. No transfer seen',
    );
    expect(screen.getByTestId('loan-balance').textContent).toBe('120.50 USD');
  });

  it('repays with two clicks: the first opens the slider at what is owed, the second submits', async () => {
    view = await renderLoan({}, { server: { loan: loanDto() } });
    await waitFor(() => expect(state().dataset.status).toBe('1'));
    expect(screen.queryByRole('slider')).toBeNull();
    fireEvent.click(button('Repay'));
    const slider = screen.getByRole('slider') as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['0', '50000', '100', '50000']);
    expect(calls('insertRepayment')).toHaveLength(0);
    await change(slider, '0');
    expect(screen.getByRole('alert').textContent).toBe('The repayment cannot be zero.');
    expect(button('Confirm repayment').disabled).toBe(true);
    await change(part('repay-amount'), '50100');
    expect(screen.getByRole('alert').textContent).toBe(
      'The repayment cannot be more than the 50,000.00 USD owed.',
    );
    await change(part('repay-amount'), '150');
    expect(screen.getByRole('alert').textContent).toBe('The repayment must be a multiple of 100.');
    await change(slider, '1200');
    fireEvent.click(button('Confirm repayment'));
    await waitFor(() => expect(calls('insertRepayment')).toEqual([{ loanId: '7', amount: '1200' }]));
    // The new repayment waits: the button is disabled until an operator decides it.
    await waitFor(() => expect(button('Repay').disabled).toBe(true));
    expect(screen.getByText('Your latest repayment is waiting for review.')).toBeTruthy();
    expect(part('repayments').querySelector('tr[data-status="0"]')?.textContent).toContain('Pending review');
  });

  it('sends one Idempotency-Key per repayment: kept for a retry after a lost answer, new after a change or an answer', async () => {
    view = await renderLoan(
      {},
      {
        server: { loan: loanDto() },
        handlers: {
          'waa/userLoan/insertRepayment': lostTwiceThen({ code: 1057, msg: 'invalid operation status' }),
        },
      },
    );
    const call = vi.spyOn(view.h.platform.api, 'call');
    await waitFor(() => expect(state().dataset.status).toBe('1'));
    fireEvent.click(button('Repay'));
    await change(screen.getByRole('slider') as HTMLInputElement, '1200');
    await expectKeysOfRetryChangeAnswer(
      call,
      'waa/userLoan/insertRepayment',
      pressFor('Confirm repayment', 'insertRepayment'),
      () => change(part('repay-amount'), '1300'),
    );
  });

  it('keeps the repay button disabled while the latest repayment waits', async () => {
    view = await renderLoan({}, { server: { loan: loanDto(), repayments: [repaymentDto({ status: 0 })] } });
    await waitFor(() => expect(state().dataset.status).toBe('1'));
    expect(button('Repay').disabled).toBe(true);
    fireEvent.click(button('Repay'));
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('shows the overdue notice (1151) and what it blocks, and stays repayable', async () => {
    view = await renderLoan({}, { server: { loan: loanDto({ status: 4 }) } });
    await waitFor(() => expect(state().dataset.status).toBe('4'));
    const notice = screen.getByTestId('loan-overdue');
    await waitFor(() =>
      expect(notice.textContent).toContain('Your loan is overdue, please repay as soon as possible (1151)'),
    );
    expect(notice.textContent).toContain(
      'you cannot apply for a new loan, open new real positions or withdraw',
    );
    expect(button('Repay').disabled).toBe(false);
  });
});
