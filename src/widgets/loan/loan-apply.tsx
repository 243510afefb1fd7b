import { useId, useState } from 'react';
import {
  LOAN_AMOUNT_MAX,
  LOAN_AMOUNT_MIN,
  LOAN_AMOUNT_PRESETS,
  LOAN_AMOUNT_STEP,
  LOAN_DAYS_MAX,
  LOAN_DAYS_MIN,
  LOAN_DAYS_PRESETS,
  type Loan,
} from '../../core/contract/loans';
import { formatAmount } from '../../core/domain/format';
import { AmountInput } from '../_shared/amount-input';
import { useT } from '../_shared/use-t';
import {
  INITIAL_APPLICATION,
  amountMessageKey,
  applicationReady,
  clampAmount,
  guarantorMessageKey,
  sliderAmount,
  type Application,
} from './loan.logic';
import type { LoanModel } from './use-loan';

/** Preset buttons under a slider; the one equal to the value is pressed. */
function Presets<V extends number>(props: {
  values: readonly V[];
  current: number;
  label: (v: V) => string;
  onPick: (v: V) => void;
}) {
  return (
    <div className="tk-loan__presets">
      {props.values.map((v) => (
        <button
          key={v}
          type="button"
          className="tk-loan__preset"
          aria-pressed={props.current === v}
          onClick={() => props.onPick(v)}
        >
          {props.label(v)}
        </button>
      ))}
    </div>
  );
}

/**
 * The application (spec §2 Loan, §5): the amount slider 50,000–1,000,000 step 10,000 with its presets and an
 * exact amount input, the term slider 7–30 days with presets, the guarantor's UID. Only the button sends:
 * Enter in a field never submits (decisions SI4). `waiting` shows the pending application read-only.
 */
export function LoanApplication({ model, waiting }: { model: LoanModel; waiting?: Loan }) {
  const t = useT();
  const id = useId();
  const [form, setForm] = useState<Application>(
    waiting
      ? { amount: String(Number(waiting.amount)), days: waiting.days, guarantor: waiting.guarantor }
      : INITIAL_APPLICATION,
  );
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<Application>) => setForm((f) => ({ ...f, ...patch }));
  const amountKey = amountMessageKey(form.amount);
  const guarantorKey = guarantorMessageKey(form.guarantor);
  const ready = !waiting && !model.busy && applicationReady(form);
  const usd = (v: number | string) => `${formatAmount(v, { decimals: 0 })} USD`;
  const submit = async () => {
    setTouched(true);
    if (!ready) return;
    if (await model.apply(form)) setTouched(false);
  };

  return (
    <div className="tk-loan__form" part="form">
      <div className="tk-loan__field">
        <label className="tk-cash-label" htmlFor={`${id}-amount`}>
          {t('loan.amount')}
        </label>
        <AmountInput
          id={`${id}-amount`}
          className="tk-cash-input tk-num"
          part="amount"
          decimals={0}
          value={form.amount}
          disabled={Boolean(waiting)}
          onValue={(text) => set({ amount: text })}
          onCommit={() => setTouched(true)}
          message={amountKey && amountKey !== 'loan.amount_required' ? t(amountKey) : null}
          messageClassName="tk-loan__message"
        />
        <input
          type="range"
          className="tk-loan__slider"
          aria-label={t('loan.amount')}
          aria-valuetext={usd(sliderAmount(form.amount))}
          min={LOAN_AMOUNT_MIN}
          max={LOAN_AMOUNT_MAX}
          step={LOAN_AMOUNT_STEP}
          value={sliderAmount(form.amount)}
          disabled={Boolean(waiting)}
          onChange={(e) => set({ amount: clampAmount(Number(e.target.value)) })}
        />
        {waiting ? null : (
          <Presets
            values={LOAN_AMOUNT_PRESETS}
            current={Number(form.amount)}
            label={(v) => formatAmount(v, { decimals: 0 })}
            onPick={(v) => set({ amount: String(v) })}
          />
        )}
      </div>
      <div className="tk-loan__field">
        <span className="tk-cash-label" id={`${id}-days`}>
          {t('loan.term')}{' '}
          <output className="tk-num" data-testid="loan-days">
            {t('loan.days', { n: form.days })}
          </output>
        </span>
        <input
          type="range"
          className="tk-loan__slider"
          aria-labelledby={`${id}-days`}
          aria-valuetext={t('loan.days', { n: form.days })}
          min={LOAN_DAYS_MIN}
          max={LOAN_DAYS_MAX}
          step={1}
          value={form.days}
          disabled={Boolean(waiting)}
          onChange={(e) => set({ days: Number(e.target.value) })}
        />
        {waiting ? null : (
          <Presets
            values={LOAN_DAYS_PRESETS}
            current={form.days}
            label={(v) => t('loan.days', { n: v })}
            onPick={(v) => set({ days: v })}
          />
        )}
      </div>
      <div className="tk-loan__field">
        <label className="tk-cash-label" htmlFor={`${id}-guarantor`}>
          {t('loan.guarantor')}
        </label>
        <input
          id={`${id}-guarantor`}
          className="tk-cash-input tk-num"
          part="guarantor"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('loan.guarantor_placeholder')}
          value={form.guarantor}
          disabled={Boolean(waiting)}
          aria-invalid={touched && guarantorKey ? true : undefined}
          onChange={(e) => set({ guarantor: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        {touched && guarantorKey ? (
          <span className="tk-amount__message tk-loan__message" role="alert">
            {t(guarantorKey)}
          </span>
        ) : null}
      </div>
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
        disabled={Boolean(waiting) || model.busy}
        onClick={() => void submit()}
      >
        {waiting ? t('loan.waiting') : t('loan.apply')}
      </button>
      {waiting ? null : (
        <p className="tk-loan__hint">
          {t('loan.amount_hint', {
            min: usd(LOAN_AMOUNT_MIN),
            max: usd(LOAN_AMOUNT_MAX),
            step: formatAmount(LOAN_AMOUNT_STEP, { decimals: 0 }),
          })}
        </p>
      )}
    </div>
  );
}
