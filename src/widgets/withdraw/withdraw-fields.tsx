import { amountIssue } from '../../core/domain/amount-input';
import { rangeText, withdrawPreview } from '../../core/domain/withdraw-form';
import { WITHDRAW_DECIMALS } from '../../core/domain/withdraw-quote';
import { AmountInput } from '../_shared/amount-input';
import { useT } from '../_shared/use-t';
import type { WithdrawModel } from './use-withdraw';
import { WITHDRAW_PATHS } from './withdraw.logic';

/** The label of the chosen coin or card, or the prompt to choose. */
function choiceText(model: WithdrawModel, choose: string): string {
  const { coin, card } = model;
  if (coin) return `${coin.currency} (${coin.protocol})`;
  return card ? `${card.bankName} ****${card.last4}` : choose;
}

/** The address field of a crypto withdrawal: the saved address read-only, else a field to type one. */
function AddressField({ model }: { model: WithdrawModel }) {
  const t = useT();
  const { savedAddress } = model;
  return (
    <>
      <label className="tk-wd__field">
        <span className="tk-cash-label tk-wd__label">{t('withdraw.address')}</span>
        {savedAddress ? (
          <input className="tk-cash-input tk-wd__input" value={savedAddress} readOnly part="address" />
        ) : (
          <input
            className="tk-cash-input tk-wd__input"
            part="address"
            value={model.typedAddress}
            placeholder={t('withdraw.address_placeholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => model.setTypedAddress(e.target.value)}
          />
        )}
      </label>
      {!savedAddress ? (
        <button
          type="button"
          className="tk-wd__link"
          onClick={() => model.navigate(WITHDRAW_PATHS.addCrypto)}
        >
          {t('withdraw.add_crypto_wallet')}
        </button>
      ) : null}
    </>
  );
}

/** Fee, amount received and balance after of the current quote ('--' before one came). */
function QuotePreview({ model }: { model: WithdrawModel }) {
  const t = useT();
  const preview = withdrawPreview(model.quote, model.limits?.unit ?? '');
  return (
    <dl className="tk-wd__quote" part="quote">
      <div>
        <dt>{t('withdraw.fee')}</dt>
        <dd className="tk-num" data-testid="withdraw-fee">
          {preview.fee}
        </dd>
      </div>
      <div>
        <dt>{t('withdraw.actual')}</dt>
        <dd className="tk-num" data-testid="withdraw-actual">
          {preview.actual}
        </dd>
      </div>
      <div>
        <dt>{t('withdraw.balance_after')}</dt>
        <dd className="tk-num" data-testid="withdraw-after">
          {preview.after}
        </dd>
      </div>
    </dl>
  );
}

/** The form of one tab: the choice, the address (crypto), the amount, its messages, the preview and Done. */
export function WithdrawFields({ model, openChoice }: { model: WithdrawModel; openChoice: () => void }) {
  const t = useT();
  const { tab, coin, limits, message, serverError } = model;
  // The amount field says itself what is wrong with its text; the form's line would say it twice.
  const shapeIssue = amountIssue(model.form.amount, { decimals: WITHDRAW_DECIMALS }) !== null;
  return (
    <>
      <button
        type="button"
        className="tk-wd__select"
        part="select"
        aria-haspopup="dialog"
        onClick={openChoice}
      >
        <span className="tk-cash-label tk-wd__label">
          {t(tab === 'crypto' ? 'withdraw.coin_network' : 'withdraw.bank_card')}
        </span>
        <span className="tk-wd__value">{choiceText(model, t('withdraw.choose'))}</span>
      </button>
      {tab === 'crypto' && coin ? <AddressField model={model} /> : null}
      <label className="tk-wd__field">
        <span className="tk-cash-label tk-wd__label">
          {t('withdraw.amount')} {limits ? <span className="tk-num">{rangeText(limits)}</span> : null}
        </span>
        <AmountInput
          className="tk-cash-input tk-wd__input tk-num"
          part="amount"
          decimals={WITHDRAW_DECIMALS}
          value={model.form.amount}
          disabled={limits === null}
          placeholder={t('withdraw.amount_placeholder')}
          onValue={(typed) => model.dispatch({ type: 'amount', typed })}
        />
      </label>
      {message && !shapeIssue ? (
        <p className="tk-wd__error" part="message" role="alert">
          {t(message.key, message.values)}
        </p>
      ) : null}
      {serverError ? (
        <p className="tk-wd__error" part="message" role="alert">
          {serverError}
        </p>
      ) : null}
      <QuotePreview model={model} />
      <button
        type="button"
        className="tk-cash-btn tk-wd__btn"
        data-variant="primary"
        part="submit"
        disabled={!model.ready}
        onClick={() => void model.submit()}
      >
        {t('withdraw.done')}
      </button>
    </>
  );
}
