import { useId, useRef, useState } from 'react';
import type { CoinOption } from '../../core/contract/coins';
import type { DepositBank } from '../../core/contract/deposits';
import { DEPOSIT_DECIMALS } from '../../core/domain/deposit';
import { IMAGE_ACCEPT, IMAGE_ERROR_KEYS, IMAGE_EXTENSIONS } from '../../core/media/image-rules';
import { prepareImage } from '../../core/media/prepare-image';
import { AmountInput } from '../_shared/amount-input';
import { copyText } from '../_shared/clipboard';
import { useToast } from '../_shared/toast';
import type { Translate } from '../_shared/use-t';
import { AGREEMENT_PATH } from './deposit.logic';
import { QrCode } from './qr-code';
import { formatAmount } from '../../core/domain/format';

/** A value with a copy button ('Copied to clipboard', spec §8). */
export function CopyField({ label, value, t }: { label: string; value: string; t: Translate }) {
  const toast = useToast();
  return (
    <div className="tk-deposit__field" part="address">
      <span className="tk-cash-label tk-deposit__label">{label}</span>
      <span className="tk-deposit__copy-row">
        <code className="tk-deposit__value">{value}</code>
        <button
          type="button"
          className="tk-cash-btn tk-deposit__btn"
          part="copy"
          aria-label={`${t('deposit.copy')} ${label}`}
          onClick={async () => {
            if (await copyText(value)) toast(t('msg.copied'));
          }}
        >
          {t('deposit.copy')}
        </button>
      </span>
    </div>
  );
}

/** Step 1 of a crypto deposit: the coin/network, the address to send to (QR unless hidden) and its memo. */
export function CoinStep(props: {
  t: Translate;
  coins: readonly CoinOption[];
  coinId: number | null;
  showQr: boolean;
  onCoin: (id: number) => void;
  onNext: () => void;
}) {
  const { t, coins, coinId, showQr } = props;
  const coin = coins.find((c) => c.id === coinId) ?? null;
  const selectId = useId();
  return (
    <div className="tk-deposit__step" data-step="1">
      <label className="tk-deposit__field" htmlFor={selectId}>
        <span className="tk-cash-label tk-deposit__label">{t('deposit.coin_network')}</span>
        <select
          id={selectId}
          className="tk-cash-input tk-deposit__input"
          part="coin"
          value={coinId ?? ''}
          onChange={(e) => props.onCoin(Number(e.currentTarget.value))}
        >
          {coins.map((c) => (
            <option key={c.id} value={c.id}>
              {c.currency} ({c.protocol})
            </option>
          ))}
        </select>
      </label>
      {coin ? (
        <>
          {showQr ? (
            <QrCode text={coin.address} label={t('deposit.qr_label', { coin: coin.currency })} />
          ) : null}
          <CopyField label={t('deposit.address')} value={coin.address} t={t} />
          {coin.said ? <CopyField label={t('deposit.memo')} value={coin.said} t={t} /> : null}
          <p className="tk-deposit__hint">
            {t('deposit.send_hint', { coin: coin.currency, network: coin.protocol })}
          </p>
        </>
      ) : null}
      <button
        type="button"
        className="tk-cash-btn tk-deposit__btn"
        data-variant="primary"
        part="next"
        disabled={!coin}
        onClick={props.onNext}
      >
        {t('deposit.next')}
      </button>
    </div>
  );
}

/** The bank/wire tab's account details: a choice of the brand's accounts, or the fixed USD currency. */
export function BankDetails(props: {
  t: Translate;
  banks: readonly DepositBank[];
  bankId: number | null;
  fixedUsd: boolean;
  onBank: (id: number) => void;
}) {
  const { t, banks, bankId, fixedUsd } = props;
  if (fixedUsd) {
    return (
      <div className="tk-deposit__field" part="bank">
        <span className="tk-cash-label tk-deposit__label">{t('deposit.currency')}</span>
        <span className="tk-deposit__value">USD</span>
        <p className="tk-deposit__hint">{t('deposit.fixed_usd_hint')}</p>
      </div>
    );
  }
  const bank = banks.find((b) => b.id === bankId) ?? null;
  return (
    <div className="tk-deposit__banks" part="bank">
      <fieldset className="tk-deposit__choices">
        <legend className="tk-cash-label tk-deposit__label">{t('deposit.bank_account')}</legend>
        {banks.map((b) => (
          <label key={b.id} className="tk-deposit__choice">
            <input
              type="radio"
              name="tk-deposit-bank"
              checked={b.id === bankId}
              onChange={() => props.onBank(b.id)}
            />
            <span>
              {b.bankName} · {b.currency}
            </span>
          </label>
        ))}
      </fieldset>
      {bank ? (
        <div className="tk-deposit__bank">
          <CopyField label={t('deposit.account_name')} value={bank.accountName} t={t} />
          <CopyField label={t('deposit.account_number')} value={bank.accountNumber} t={t} />
          {bank.swiftCode ? <CopyField label={t('deposit.swift')} value={bank.swiftCode} t={t} /> : null}
          {bank.bankAddress ? (
            <div className="tk-deposit__field">
              <span className="tk-cash-label tk-deposit__label">{t('deposit.bank_address')}</span>
              <span className="tk-deposit__value">{bank.bankAddress}</span>
            </div>
          ) : null}
          <p className="tk-deposit__hint">{t('deposit.reference_hint')}</p>
        </div>
      ) : null}
    </div>
  );
}

/** Step 2: amount (≤ 5 decimals, never starting with '.'), proof image, agreement, submit. */
export function AmountStep(props: {
  t: Translate;
  currency: string;
  minimum: string;
  amount: string;
  proof: File | null;
  agreed: boolean;
  busy: boolean;
  problem: string | null;
  /** Why the proof chosen is not the one shown (refused, or lost on the way back from the agreement). */
  proofProblem: string | null;
  onAmount: (amount: string) => void;
  onProof: (file: File | null) => void;
  onAgreed: (agreed: boolean) => void;
  onAgreement: () => void;
  onBack: (() => void) | null;
  onSubmit: () => void;
}) {
  const { t } = props;
  const file = useRef<HTMLInputElement>(null);
  const amountId = useId();
  const problemId = useId();
  const proofId = useId();
  // A refused file is said under the proof field until the next pick (issue #26: a .txt was ignored).
  const [refused, setRefused] = useState<string | null>(null);
  const proofProblem = refused ?? props.proofProblem;

  const pick = async (input: HTMLInputElement) => {
    const picked = input.files?.[0];
    input.value = '';
    if (!picked) return;
    setRefused(null);
    const result = await prepareImage(picked);
    if (result.ok) return props.onProof(result.file);
    setRefused(t(IMAGE_ERROR_KEYS[result.reason], { extensions: IMAGE_EXTENSIONS.join(', ') }));
  };

  return (
    <form
      className="tk-deposit__step"
      data-step="2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <label className="tk-deposit__field" htmlFor={amountId}>
        <span className="tk-cash-label tk-deposit__label">
          {t('deposit.amount')} ({props.currency})
        </span>
        <AmountInput
          id={amountId}
          className="tk-cash-input tk-deposit__input tk-num"
          part="amount"
          decimals={DEPOSIT_DECIMALS}
          maxWholeDigits={18}
          value={props.amount}
          describedBy={props.problem ? problemId : undefined}
          aria-invalid={props.problem ? true : undefined}
          onValue={props.onAmount}
        />
      </label>
      <p className="tk-deposit__hint">{t('deposit.minimum', { amount: formatAmount(props.minimum) })}</p>
      <div className="tk-deposit__field" part="proof">
        <span className="tk-cash-label tk-deposit__label">{t('deposit.proof')}</span>
        <span className="tk-deposit__copy-row">
          <button
            type="button"
            className="tk-cash-btn tk-deposit__btn"
            aria-describedby={proofProblem ? proofId : undefined}
            onClick={() => file.current?.click()}
          >
            {props.proof ? t('deposit.proof_change') : t('deposit.proof_pick')}
          </button>
          {props.proof ? (
            <span className="tk-deposit__file" data-testid="deposit-proof-name">
              {props.proof.name}
            </span>
          ) : null}
        </span>
        <input
          ref={file}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-testid="deposit-proof"
          onChange={(e) => void pick(e.currentTarget)}
        />
        {proofProblem ? (
          <span
            id={proofId}
            className="tk-amount__message tk-deposit__proof-problem"
            role="alert"
            part="proof-problem"
            data-testid="deposit-proof-problem"
          >
            {proofProblem}
          </span>
        ) : null}
      </div>
      <label className="tk-deposit__agree" part="agreement">
        <input
          type="checkbox"
          checked={props.agreed}
          onChange={(e) => props.onAgreed(e.currentTarget.checked)}
        />
        <span>
          {t('deposit.agree_prefix')}{' '}
          <a
            href={AGREEMENT_PATH}
            onClick={(e) => {
              e.preventDefault();
              props.onAgreement();
            }}
          >
            {t('deposit.agreement')}
          </a>
        </span>
      </label>
      {props.problem ? (
        <p className="tk-deposit__problem" id={problemId} role="alert" part="problem">
          {t(props.problem, { amount: formatAmount(props.minimum) })}
        </p>
      ) : null}
      <div className="tk-deposit__actions">
        {props.onBack ? (
          <button type="button" className="tk-cash-btn tk-deposit__btn" onClick={props.onBack}>
            {t('deposit.back')}
          </button>
        ) : null}
        <button
          type="submit"
          className="tk-cash-btn tk-deposit__btn"
          data-variant="primary"
          part="submit"
          disabled={props.busy}
        >
          {t('deposit.submit')}
        </button>
      </div>
    </form>
  );
}
