import { formatAmount } from '../../core/domain/format';
import { useEffect, useMemo, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../core/api/api-client';
import { Code } from '../../core/contract/codes';
import {
  Transfer,
  TransferCalculate,
  type TransferQuoteAnswer,
  type WalletBalanceItem,
} from '../../core/contract/wallets';
import { amountValue } from '../../core/domain/amount-input';
import {
  isSubmittableTransfer,
  TRANSFER_DECIMALS,
  type TransferType,
} from '../../core/domain/wallet-transfer';
import { AmountInput } from '../_shared/amount-input';
import { ModalDrawer } from '../_shared/drawer';
import { useToast } from '../_shared/toast';
import { useWallet } from './wallet-context';
import { createQuoteSequence } from './wallet.logic';

/** The amount as the server takes it ("12." → "12"). */
const wireAmount = (value: string) => value.replace(/\.$/, '');

/**
 * The transfer drawer of My wallet (spec §4): type 0 in (USD balance → this wallet), 1 out (this wallet → USD
 * balance); the fee and practical amount are re-quoted on every amount change (only the latest answer
 * shows); submit sends the quoted amounts with one Idempotency-Key per submission (a retry of the same
 * submission reuses it).
 */
export function TransferDrawer({
  item,
  type,
  available,
  onClose,
  onDone,
}: {
  item: WalletBalanceItem;
  type: TransferType;
  /** The source's balance (USD for type 0, the coin for type 1). */
  available: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, platform } = useWallet();
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<TransferQuoteAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const sequence = useMemo(createQuoteSequence, []);
  const submission = useRef<{ body: string; key: string } | null>(null);
  const fromUnit = type === 0 ? 'USD' : item.currency;
  const toUnit = type === 0 ? item.currency : 'USD';

  const requote = async (value: string) => {
    const ticket = sequence.next();
    if (!isSubmittableTransfer(value)) {
      setQuote(null);
      setError(null);
      return;
    }
    const input = { curr: item.currency, currId: item.currencyId, type, num: wireAmount(value) };
    const result = await platform.api.call(TransferCalculate, input, { silent: true });
    if (!sequence.isLatest(ticket)) return;
    setQuote(result.ok ? result.data : null);
    setError(result.ok ? null : result.message);
  };
  // A drawer closed mid-quote drops the late answer.
  useEffect(() => () => void sequence.next(), [sequence]);

  // The field keeps what was typed (issue #26); only a text that is an amount of 4 decimals is quoted.
  const change = (text: string) => {
    setAmount(text);
    void requote(amountValue(text, { decimals: TRANSFER_DECIMALS }) ?? '');
  };

  const submit = async () => {
    if (!quote || submitting) return;
    const body = {
      curr: item.currency,
      currId: item.currencyId,
      type,
      num: quote.num,
      fee: quote.fee,
      practical: quote.practical,
      unit: quote.unit,
    };
    const fingerprint = JSON.stringify(body);
    if (submission.current?.body !== fingerprint)
      submission.current = { body: fingerprint, key: newIdempotencyKey() };
    setSubmitting(true);
    const result = await platform.api.call(Transfer, body, {
      silent: true,
      idempotencyKey: submission.current.key,
    });
    setSubmitting(false);
    if (result.ok) {
      toast(t('wallet.transfer_success'));
      onDone();
      return;
    }
    setError(result.message);
    // The price moved: show the new quote for the user to confirm.
    if (result.code === Code.TRANSFER_FAILED) void requote(amount);
  };

  const title = t(type === 0 ? 'wallet.transfer_in_title' : 'wallet.transfer_out_title', {
    currency: item.currency,
  });
  return (
    <ModalDrawer
      title={title}
      onClose={onClose}
      block="tk-wallet"
      part="drawer transfer"
      closeLabel={t('common.close')}
      actions={
        <button
          type="button"
          className="tk-cash-btn tk-wallet__btn"
          data-variant="primary"
          disabled={!quote || submitting}
          aria-busy={submitting || undefined}
          onClick={() => void submit()}
          data-testid="transfer-submit"
        >
          {t('wallet.confirm')}
        </button>
      }
    >
      <form
        className="tk-wallet__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="tk-wallet__field">
          <span>{t('wallet.amount_in', { unit: fromUnit })}</span>
          <AmountInput
            className="tk-wallet__input tk-num"
            part="amount"
            decimals={TRANSFER_DECIMALS}
            data-autofocus
            value={amount}
            placeholder={t('wallet.amount_placeholder')}
            onValue={change}
          />
        </label>
        <p className="tk-wallet__hint">
          {t('wallet.available')}{' '}
          <span className="tk-num">{fromUnit === 'USD' ? formatAmount(available) : available}</span>{' '}
          {fromUnit}
        </p>
        <dl className="tk-wallet__quote" part="quote">
          <div>
            <dt>{t('wallet.fee')}</dt>
            <dd className="tk-num" data-testid="transfer-fee">
              {quote ? `${quote.fee} ${quote.fromUnit}` : '--'}
            </dd>
          </div>
          <div>
            <dt>{t('wallet.practical')}</dt>
            <dd className="tk-num" data-testid="transfer-practical">
              {quote ? `${quote.practical} ${quote.unit}` : `-- ${toUnit}`}
            </dd>
          </div>
        </dl>
        {error ? (
          <p className="tk-wallet__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </ModalDrawer>
  );
}
