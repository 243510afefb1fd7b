/** The parts of the option ticket: header with the sides, delivery times, amount with chips, preview. */
import type { OptionDeliveryTime, OptionProduct } from '../../core/contract/options';
import { formatAmount, formatPrice } from '../../core/domain/format';
import { OPTION_AMOUNT_RULES } from '../../core/domain/option-ticket';
import { AmountInput } from '../_shared/amount-input';
import type { Translate } from '../_shared/use-t';
import { amountHint, deliveryUnit } from './option-form.logic';
import type { OptionSide } from './option-form.logic';

/** Props of OptionHeader. */
export interface OptionHeaderProps {
  name: string;
  symbol: string;
  /** The live bid, null before the first quote. */
  bid: string | null;
  precision: number;
  stale: boolean;
  direction: OptionSide;
  disabled: boolean;
  t: Translate;
  onDirection(side: OptionSide): void;
}

/** The product, its live price and the up/down choice. */
export function OptionHeader(props: OptionHeaderProps) {
  const { direction, disabled, t } = props;
  return (
    <header className="tk-trade-form__header" part="header">
      <div className="tk-option-form__title">
        <h2 className="tk-trade-form__name">{props.name}</h2>
        <span className="tk-option-form__code">{props.symbol}</span>
        <span
          className="tk-option-form__price tk-num"
          data-testid="live-price"
          data-stale={props.stale || undefined}
        >
          {props.bid !== null ? formatPrice(props.bid, props.precision) : '--'}
        </span>
      </div>
      <div className="tk-option-form__sides" role="radiogroup" aria-label={t('option_form.direction')}>
        {([0, 1] as const).map((side) => (
          <button
            key={side}
            type="button"
            role="radio"
            aria-checked={direction === side}
            className="tk-option-form__side"
            data-side={side === 0 ? 'up' : 'down'}
            data-testid={side === 0 ? 'side-up' : 'side-down'}
            part={side === 0 ? 'up' : 'down'}
            disabled={disabled}
            onClick={() => props.onDirection(side)}
          >
            {t(side === 0 ? 'option_form.up' : 'option_form.down')}
          </button>
        ))}
      </div>
    </header>
  );
}

/** Props of DeliveryTimes. */
export interface DeliveryTimesProps {
  product: OptionProduct | null;
  time: OptionDeliveryTime | null;
  disabled: boolean;
  t: Translate;
  onTime(seconds: number): void;
}

/** The product's delivery times with their profit rates; the chosen one pressed. */
export function DeliveryTimes({ product, time, disabled, t, onTime }: DeliveryTimesProps) {
  return (
    <fieldset className="tk-option-form__times" part="times" disabled={disabled}>
      <legend>{t('option_form.delivery')}</legend>
      {(product?.deliveryTimes ?? []).map((d) => {
        const unit = deliveryUnit(d.time);
        return (
          <button
            key={d.time}
            type="button"
            className="tk-option-form__time"
            aria-pressed={time?.time === d.time}
            data-testid={`time-${d.time}`}
            onClick={() => onTime(d.time)}
          >
            <span className="tk-option-form__time-label">
              {d.name ?? t(`option_form.unit.${unit.unit}`, { n: unit.n })}
            </span>
            <span className="tk-option-form__time-rate tk-num">
              {t('option_form.profit_rate', { rate: d.profitRate })}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

/** Props of AmountField. */
export interface AmountFieldProps {
  /** The form's id prefix. */
  id: string;
  time: OptionDeliveryTime | null;
  amount: string;
  disabled: boolean;
  t: Translate;
  onAmount(amount: string): void;
}

/**
 * The amount in whole units with the delivery time's range, and its quick-pick chips. The shared amount input
 * keeps what was typed: `12.5` stays `12.5` and says whole amounts only (issue #26), never `125`.
 */
export function AmountField({ id, time, amount, disabled, t, onAmount }: AmountFieldProps) {
  const hint = amountHint(time);
  const range = hint ? t(hint.key, hint.vars) : undefined;
  return (
    <>
      <div className="tk-option-form__amount" part="field">
        <label htmlFor={`${id}-amount`}>{t('option_form.amount')}</label>
        <AmountInput
          id={`${id}-amount`}
          className="tk-option-form__input tk-num"
          data-testid="amount"
          {...OPTION_AMOUNT_RULES}
          value={amount}
          disabled={disabled}
          describedBy={range ? `${id}-range` : undefined}
          onValue={onAmount}
        />
        {range ? (
          <span id={`${id}-range`} className="tk-option-form__hint">
            {range}
          </span>
        ) : null}
      </div>
      {time && time.chips.length > 0 ? (
        <div className="tk-option-form__chips" part="chips" role="group" aria-label={t('option_form.chips')}>
          {time.chips.map((chip) => (
            <button
              key={chip}
              type="button"
              className="tk-option-form__chip tk-num"
              aria-pressed={amount === String(chip)}
              data-testid={`chip-${chip}`}
              disabled={disabled}
              onClick={() => onAmount(String(chip))}
            >
              {formatAmount(chip, { decimals: 0 })}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** Props of OptionPreview. */
export interface OptionPreviewProps {
  preview: { payout: string; fee: string } | null;
  /** Shown to a signed-in trader only; null while the balance is not known. */
  available: string | null;
  signedIn: boolean;
  t: Translate;
}

/** The expected payout, the fee and (signed in) the available balance. */
export function OptionPreview({ preview, available, signedIn, t }: OptionPreviewProps) {
  return (
    <dl className="tk-option-form__preview" part="preview">
      <div>
        <dt>{t('option_form.expected_payout')}</dt>
        <dd className="tk-num" data-testid="preview-payout">
          {preview ? `${formatAmount(preview.payout)} USD` : '--'}
        </dd>
      </div>
      <div>
        <dt>{t('option_form.fee')}</dt>
        <dd className="tk-num" data-testid="preview-fee">
          {preview ? `${formatAmount(preview.fee)} USD` : '--'}
        </dd>
      </div>
      {signedIn ? (
        <div>
          <dt>{t('option_form.available')}</dt>
          <dd className="tk-num" data-testid="preview-available">
            {available === null ? '--' : `${formatAmount(available)} USD`}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
