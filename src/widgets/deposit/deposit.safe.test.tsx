// @vitest-environment jsdom
/** Issue #26 items 1 and 3 on the deposit: the amount keeps what was typed, no refusal of the proof is silent. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { PROOF_KEY, dropProof } from './deposit-proof';
import {
  amount,
  chooseProof,
  depositsSent,
  pickProof,
  renderDeposit,
  submit,
  toStep2,
} from './deposit.fixture';
import type { RenderedDeposit } from './deposit.fixture';

/** Typing through user-event takes seconds on two busy cores. */
const TYPING_MS = 40_000;

let view: RenderedDeposit | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  dropProof(window.sessionStorage);
  window.sessionStorage.clear();
});

const submits = () => depositsSent(view);
const proofName = () => screen.queryByTestId('deposit-proof-name')?.textContent ?? null;
const proofProblem = () => screen.queryByTestId('deposit-proof-problem')?.textContent ?? null;

/** Type 1500, pick the proof, follow the agreement link and leave the page, as a trader reading it does. */
async function leaveForTheAgreement(onNavigate: Mock) {
  view = await renderDeposit({ onNavigate });
  await toStep2();
  fireEvent.change(amount(), { target: { value: '1500' } });
  await pickProof();
  fireEvent.click(screen.getByRole('link', { name: 'deposit agreement' }));
  await waitFor(() => expect(onNavigate).toHaveBeenCalledWith({ to: '/user/agreement' }));
  view.unmount();
}

describe('<Deposit> amount', () => {
  it(
    'typing .5 shows 0.5 and sends 0.5 (it became 5)',
    async () => {
      view = await renderDeposit();
      await toStep2();
      const user = userEvent.setup({ delay: null });
      await user.type(amount(), '.5');
      expect(amount().value).toBe('0.5');
      await user.clear(amount());
      await user.type(amount(), '1500,25');
      expect(amount().value).toBe('1500.25');
      await pickProof();
      await user.click(screen.getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(submits()).toHaveLength(1));
      expect(JSON.parse((submits()[0] as { metaData: string }).metaData)).toMatchObject({ amt: '1500.25' });
    },
    TYPING_MS,
  );

  it(
    'keeps a sixth decimal as typed and says at most 5 (it was cut)',
    async () => {
      view = await renderDeposit();
      await toStep2();
      const user = userEvent.setup({ delay: null });
      await user.type(amount(), '1000.123456');
      expect(amount().value).toBe('1000.123456');
      expect(amount().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText('At most 5 decimal places.')).toBeTruthy();
    },
    TYPING_MS,
  );
});

describe('<Deposit> proof', () => {
  it(
    'says under the proof field why a .txt file is refused, with the catalogue text',
    async () => {
      view = await renderDeposit();
      await toStep2();
      await chooseProof(new File(['not an image'], 'proof.txt', { type: 'text/plain' }));
      await waitFor(() =>
        expect(proofProblem()).toBe(
          'Illegal image extension, please use the following file extensions: heic, jpg, jpeg, png',
        ),
      );
      const field = document.querySelector('[part="proof"]');
      expect(field?.querySelector('[role="alert"]')?.textContent).toBe(proofProblem());
      expect(proofName()).toBeNull();
      await pickProof();
      expect(proofProblem()).toBeNull();
    },
    TYPING_MS,
  );

  it(
    'brings the proof image back with the form after the agreement, and sends it',
    async () => {
      const onNavigate = vi.fn();
      await leaveForTheAgreement(onNavigate);
      view = await renderDeposit({ onNavigate });
      await waitFor(() => expect(amount().value).toBe('1500'));
      expect(proofName()).toBe('proof.png');
      fireEvent.click(screen.getByRole('checkbox'));
      await submit();
      await waitFor(() => expect(submits()).toHaveLength(1));
      expect((submits()[0] as { depositProof: File }).depositProof.name).toBe('proof.png');
    },
    TYPING_MS,
  );

  it(
    'brings the proof back from session storage after a page reload',
    async () => {
      const onNavigate = vi.fn();
      await leaveForTheAgreement(onNavigate);
      // A reload: the module's memory is gone, the tab's session storage is not.
      vi.resetModules();
      const fresh = await import('./deposit.fixture');
      view = await fresh.renderDeposit({ onNavigate });
      await waitFor(() => expect(amount().value).toBe('1500'));
      expect(proofName()).toBe('proof.png');
    },
    TYPING_MS,
  );

  it(
    'says the proof must be chosen again when it could not be kept',
    async () => {
      window.sessionStorage.setItem(
        'tk.deposit.draft',
        JSON.stringify({
          v: 1,
          form: { tab: 'crypto', step: 2, coinId: 1, bankId: null, amount: '1500', agreed: false },
        }),
      );
      window.sessionStorage.setItem(
        PROOF_KEY,
        JSON.stringify({ v: 1, name: 'proof.png', type: 'image/png', data: null }),
      );
      view = await renderDeposit();
      await waitFor(() => expect(amount().value).toBe('1500'));
      expect(proofName()).toBeNull();
      expect(proofProblem()).toBe(
        'The proof image could not be kept while you read the agreement. Please choose it again.',
      );
    },
    TYPING_MS,
  );
});
