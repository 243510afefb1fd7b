import { useId, useState } from 'react';
import { LoanStatus, REPAYMENT_STEP, RepaymentStatus, type Loan } from '../../core/contract/loans';
import { codeMessage } from '../../core/api/response';
import { formatAmount, formatZonedTime } from '../../core/domain/format';
import { AmountInput } from '../_shared/amount-input';
import { useT } from '../_shared/use-t';
import { canRepay, latestRepayment, repayMax, repaymentMessageKey, repaymentStatusKey } from './loan.logic';
import type { LoanModel } from './use-loan';

const usd = (v: string | number) => `${formatAmount(v)} USD`;

/** The loan's figures: amount, term, repayment date, what is owed (spec §2 repayment view). */
function LoanFigures({ loan, timezone }: { loan: Loan; timezone: string | undefined }) {
  const t = useT();
  const overdue = loan.status === LoanStatus.overdue;
  return (
    <dl className="tk-loan__figures" part="figures">
      <div>
        <dt>{t('loan.amount')}</dt>
        <dd className="tk-num" data-testid="loan-amount">
          {usd(loan.amount)}
        </dd>
      </div>
      <div>
        <dt>{t('loan.term')}</dt>
        <dd className="tk-num">{t('loan.days', { n: loan.days })}</dd>
      </div>
      <div>
        <dt>{t('loan.repayment_date')}</dt>
        <dd className="tk-num" data-overdue={overdue || undefined} data-testid="loan-date">
          {formatZonedTime(loan.repaymentDate, timezone)}
        </dd>
      </div>
      <div>
        <dt>{t('loan.owed')}</dt>
        <dd className="tk-num tk-loan__owed" data-overdue={overdue || undefined} data-testid="loan-owed">
          {usd(loan.amountOwed)}
        </dd>
      </div>
    </dl>
  );
}

/** The repayment records, newest first; a rejected latest shows its text and reason (spec §4). */
function RepaymentList({ model }: { model: LoanModel }) {
  const t = useT();
  const latest = latestRepayment(model.repayments);
  if (model.repayments.length === 0) {
    return <p className="tk-loan__hint">{t('loan.no_repayments')}</p>;
  }
  return (
    <>
      {latest?.status === RepaymentStatus.rejected ? (
        <p className="tk-loan__notice" role="status" data-testid="repayment-rejected">
          {t('loan.repayment_rejected_notice')}
          {latest.remark ? ` ${latest.remark}` : ''}
        </p>
      ) : null}
      <table className="tk-loan__table" part="repayments">
        <thead>
          <tr>
            <th scope="col">{t('loan.time')}</th>
            <th scope="col">{t('loan.repay_amount')}</th>
            <th scope="col">{t('loan.owed_after')}</th>
            <th scope="col">{t('loan.status')}</th>
          </tr>
        </thead>
        <tbody>
          {model.repayments.map((r) => (
            <tr key={r.id} data-repayment={r.id} data-status={r.status}>
              <td className="tk-num">{formatZonedTime(r.createTime, model.timezone)}</td>
              <td className="tk-num">{formatAmount(r.amount)}</td>
              <td className="tk-num">{formatAmount(r.amountOwed)}</td>
              <td>{t(repaymentStatusKey(r.status))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * The repay button's two clicks (spec §4): the first opens the slider (step 100, at most what is owed, never
 * zero), the second submits. Disabled while the latest repayment waits for an operator.
 */
function RepayControl({ loan, model }: { loan: Loan; model: LoanModel }) {
  const t = useT();
  const id = useId();
  const max = repayMax(loan.amountOwed);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(max));
  const allowed = canRepay(loan, model.repayments);
  const messageKey = repaymentMessageKey(amount, loan.amountOwed);
  const click = async () => {
    if (!open) {
      setAmount(String(max));
      setOpen(true);
      return;
    }
    if (messageKey || model.busy) return;
    if (await model.repay(amount)) setOpen(false);
  };
  const waiting = latestRepayment(model.repayments)?.status === RepaymentStatus.waiting;
  return (
    <div className="tk-loan__repay" part="repay">
      {open ? (
        <div className="tk-loan__field">
          <label className="tk-cash-label" htmlFor={`${id}-repay`}>
            {t('loan.repay_amount')}
          </label>
          <AmountInput
            id={`${id}-repay`}
            className="tk-cash-input tk-num"
            part="repay-amount"
            decimals={2}
            value={amount}
            onValue={(text) => setAmount(text)}
            onCommit={() => undefined}
            message={messageKey ? t(messageKey, { step: REPAYMENT_STEP, owed: usd(loan.amountOwed) }) : null}
            messageClassName="tk-loan__message"
          />
          <input
            type="range"
            className="tk-loan__slider"
            aria-label={t('loan.repay_amount')}
            aria-valuetext={usd(Number(amount) || 0)}
            min={0}
            max={max}
            step={REPAYMENT_STEP}
            value={Math.min(max, Number(amount) || 0)}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
      ) : null}
      {model.error ? (
        <p className="tk-loan__error" part="message" role="alert">
          {model.error}
        </p>
      ) : null}
      <button
        type="button"
        className="tk-cash-btn tk-loan__btn"
        data-variant="primary"
        part="submit"
        disabled={!allowed || model.busy || (open && messageKey !== null)}
        onClick={() => void click()}
      >
        {open ? t('loan.repay_confirm') : t('loan.repay')}
      </button>
      {waiting ? <p className="tk-loan__hint">{t('loan.repay_waiting')}</p> : null}
    </div>
  );
}

/** An active or overdue loan: its figures, the overdue notice, the repay control and the records. */
export function LoanRepayment({ loan, model }: { loan: Loan; model: LoanModel }) {
  const t = useT();
  return (
    <div className="tk-loan__form">
      {loan.status === LoanStatus.overdue ? (
        <div className="tk-loan__overdue" part="overdue" role="alert" data-testid="loan-overdue">
          <p>{codeMessage(1151, '', t)}</p>
          <p>{t('loan.overdue_blocks')}</p>
        </div>
      ) : null}
      <LoanFigures loan={loan} timezone={model.timezone} />
      <RepayControl key={loan.amountOwed} loan={loan} model={model} />
      <h3 className="tk-loan__subhead">{t('loan.repayments')}</h3>
      <RepaymentList model={model} />
    </div>
  );
}
