/** The tab panel of the deposit page: the coin step, the amount step or the bank details with the amount. */
import type { Translate } from '../_shared/use-t';
import type { Emit } from '../_shared/widget-host';
import { AmountStep, BankDetails, CoinStep } from './deposit-steps';
import { AGREEMENT_PATH, minimumOf, switchTab } from './deposit.logic';
import type { DepositFormState } from './use-deposit-form';

/** A message in place of the form, with at most one action. */
export function Notice({
  text,
  action,
  onAction,
  part = 'notice',
}: {
  text: string;
  action?: string;
  onAction?: () => void;
  part?: string;
}) {
  return (
    <div className="tk-state tk-deposit__notice" part={part} role="status">
      <p>{text}</p>
      {action && onAction ? (
        <button
          type="button"
          className="tk-cash-btn tk-deposit__btn"
          data-variant="primary"
          onClick={onAction}
        >
          {action}
        </button>
      ) : null}
    </div>
  );
}

/** Props of DepositPanel. */
export interface DepositPanelProps {
  t: Translate;
  emit: Emit;
  deposit: DepositFormState;
}

/** What the current tab and step show. */
export function DepositPanel({ t, emit, deposit }: DepositPanelProps) {
  const { form, setForm, options, firstCoin, tabs } = deposit;

  const amountStep = (onBack: (() => void) | null) => (
    <AmountStep
      t={t}
      currency={deposit.currency}
      minimum={minimumOf(deposit.language)}
      amount={form.amount}
      proof={deposit.proof}
      agreed={form.agreed}
      busy={deposit.busy}
      problem={deposit.problem}
      proofProblem={deposit.proofProblem}
      onAmount={(amount) => setForm((f) => ({ ...f, amount }))}
      onProof={deposit.setProof}
      onAgreed={(agreed) => setForm((f) => ({ ...f, agreed }))}
      onAgreement={() => void deposit.openAgreement(() => emit('tk-navigate', { to: AGREEMENT_PATH }))}
      onBack={onBack}
      onSubmit={() => void deposit.submit()}
    />
  );

  if (form.tab === 'crypto' && deposit.flags.hideCrypto) {
    return (
      <Notice
        text={t('deposit.hide_crypto_alert')}
        {...(tabs.includes('bank')
          ? { action: t('user.bank'), onAction: () => setForm((f) => switchTab(f, 'bank', firstCoin)) }
          : {})}
      />
    );
  }
  if (form.tab === 'crypto' && form.step === 1) {
    return (
      <CoinStep
        t={t}
        coins={options.coins}
        coinId={form.coinId}
        showQr={deposit.flags.showQr}
        onCoin={(coinId) => setForm((f) => ({ ...f, coinId }))}
        onNext={() => setForm((f) => ({ ...f, step: 2 }))}
      />
    );
  }
  if (form.tab === 'crypto') return amountStep(() => setForm((f) => ({ ...f, step: 1 })));
  return (
    <>
      <BankDetails
        t={t}
        banks={options.banks}
        bankId={form.bankId}
        fixedUsd={options.fixedUsd}
        onBank={(bankId) => setForm((f) => ({ ...f, bankId }))}
      />
      {amountStep(null)}
    </>
  );
}
