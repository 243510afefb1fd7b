import { useRef, useState } from 'react';
import { addOrderOption } from '../../core/contract/options';
import { announceOptionsChanged } from '../../core/state/option-changes';
import { formatAmount, formatPrice } from '../../core/domain/format';
import { UNLOCKED, tradeButtonState } from '../../core/domain/market-order-state';
import type { TradeButtonKind } from '../../core/domain/market-order-state';
import { amountDigits, optionPreview, optionRule } from '../../core/domain/option-ticket';
import type { OptionRule } from '../../core/domain/option-ticket';
import { AccountStrip, FundNotice } from '../_shared/account-strip';
import { ConnectionBanner } from '../_shared/connection-banner';
import type { EventCallbacks } from '../_shared/events';
import { parseFundActions } from '../_shared/fund-account';
import { ToastRegion } from '../_shared/toast';
import { ProductError, TradeFormRoute, useSendBackWhenClosed, useTradeTicket } from '../_shared/trade-form';
import type { TradeFormAttributes } from '../_shared/trade-form';
import type { Translate } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import { OptionDrawers } from './option-drawers';
import { OPTION_FORM_CSS as css } from './styles';
import {
  HISTORY_PATH,
  cannotCover,
  deliveryTimeOf,
  deliveryUnit,
  isTradable,
  loginPath,
  optionRequest,
  routeDirection,
} from './option-form.logic';
import type { OptionSide } from './option-form.logic';
import { useOptionLifecycle } from './use-option-lifecycle';
import { useOptionProduct } from './use-option-product';

/** Props of <OptionForm>: the attributes of <tk-option-form> (option-form.meta.ts) plus the output callbacks. */
export interface OptionFormProps
  extends TradeFormAttributes, EventCallbacks<'tk-navigate' | 'tk-option-placed' | 'tk-fund-account'> {}

/** The option order form of spec §2, or nothing (after asking the page to go home) for a wrong route. */
export function OptionForm(props: OptionFormProps) {
  return (
    <TradeFormRoute direction={routeDirection(props.mode, props.direction)} callbacks={props}>
      {(direction) => <OptionTicket {...props} initialDirection={direction} />}
    </TradeFormRoute>
  );
}

/** The message of a refused ticket. */
function ruleText(rule: OptionRule, t: Translate): string {
  if (rule.key === 'amount_range_rule' && rule.vars) {
    const min = formatAmount(rule.vars.min, { decimals: 0 });
    const max = formatAmount(rule.vars.max, { decimals: 0 });
    return rule.vars.max === '0'
      ? t('option_form.rule.amount_min_rule', { min })
      : t('option_form.rule.amount_range_rule', { min, max });
  }
  return t(`option_form.rule.${rule.key}`);
}

const STATE_LABELS: Partial<Record<TradeButtonKind, string>> = {
  loading: 'app.loading',
  not_tradable: 'option_form.state.not_tradable',
  market_closed: 'option_form.state.market_closed',
  stale: 'option_form.state.stale',
  submitting: 'option_form.state.submitting',
};

function OptionTicket(props: OptionFormProps & { initialDirection: OptionSide }) {
  const ticket = useTradeTicket(props);
  const { platform, session, t, emit, id, symbol, sessionState, balance, signedIn } = ticket;
  const { view, marketStatus, stale, now, toast, show, dismiss } = ticket;
  const virtual = signedIn && sessionState.virtual;
  const lifecycle = useOptionLifecycle(platform);
  const productState = useOptionProduct(platform, symbol);
  const { product } = productState;
  const latestView = useRef(view);
  latestView.current = view;

  const [direction, setDirection] = useState<OptionSide>(props.initialDirection);
  const [chosen, setChosen] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);
  // The first delivery time is chosen once the product arrives; a choice the product dropped is cleared.
  const time =
    deliveryTimeOf(product, chosen) ?? (chosen === null ? (product?.deliveryTimes[0] ?? null) : null);

  // Spec §5: a product closed for options (tradeStatus 0) shows the closed banner and sends the trader back.
  const closed = product && !isTradable(product) ? symbol : null;
  useSendBackWhenClosed(closed, emit);

  const available = signedIn ? (balance?.balanceAmount ?? null) : null;
  const feeRate = product?.feeRate ?? '0';
  const preview = optionPreview(amount, time, feeRate);
  const state = tradeButtonState({
    product: product ? { tradeStatus: isTradable(product) ? 1 : 0, sessions: [] } : null,
    hasQuote: view !== undefined,
    quoteMarketOpen: view?.marketOpen,
    marketStatus,
    stale,
    submitting,
    lock: UNLOCKED,
    now,
  });
  const precision = view?.pricePrecision ?? 2;
  const short =
    signedIn && !sessionState.virtual && cannotCover({ time, amount, feeRate, balance: available });

  async function submit(): Promise<void> {
    if (!session.isSignedIn()) {
      emit('tk-navigate', { to: loginPath(symbol, direction) });
      return;
    }
    if (running.current || !product || state !== 'normal') return;
    const refused = optionRule({ time, amount, feeRate, balance: available });
    if (refused) return show(ruleText(refused, t), 'error');
    running.current = true;
    setSubmitting(true);
    try {
      // The terms may have changed since the form was shown: send those of the moment.
      const fresh = await productState.refresh();
      if (!fresh.ok) return show(fresh.message, 'error');
      if (!isTradable(fresh.data)) return show(t('msg.option_closed'), 'error');
      const freshTime = deliveryTimeOf(fresh.data, time?.time ?? null);
      const again = optionRule({ time: freshTime, amount, feeRate: fresh.data.feeRate, balance: available });
      if (again || !freshTime) return show(ruleText(again ?? { key: 'delivery_empty_rule' }, t), 'error');
      const quote = latestView.current;
      if (!quote) return;
      const request = optionRequest({
        symbol,
        product: fresh.data,
        time: freshTime,
        amount,
        direction,
        price: quote.bidPrice,
        now: Date.now(),
      });
      const isVirtual = session.getState().virtual;
      const result = await platform.api.call(addOrderOption, request, { mock: isVirtual, silent: true });
      if (!result.ok) return show(result.message, 'error');
      const duration = Math.max(0, result.data.endTime - result.data.beginTime) || freshTime.time * 1000;
      lifecycle.start({
        uid: result.data.uid,
        symbol,
        direction,
        amount: request.amount,
        price: result.data.price,
        timeLong: freshTime.time,
        endsAt: Date.now() + duration,
      });
      emit('tk-option-placed', { uid: result.data.uid, symbol, direction, virtual: isVirtual });
      announceOptionsChanged(platform);
      void session.refreshBalance({ silent: true });
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }

  if (!symbol) {
    return (
      <WidgetRoot name="option-form" css={css} theme={props.theme}>
        <p className="tk-state">{t('option_form.no_symbol')}</p>
      </WidgetRoot>
    );
  }
  const visitor = !signedIn && state !== 'not_tradable' && state !== 'market_closed';
  const blocked = STATE_LABELS[state];
  const action = t(direction === 0 ? 'option_form.submit_up' : 'option_form.submit_down');
  const disabled = !visitor && state !== 'normal';
  const range =
    time === null
      ? undefined
      : time.max === '0'
        ? t('option_form.amount_hint_min', { min: formatAmount(time.min, { decimals: 0 }) })
        : t('option_form.amount_hint', {
            min: formatAmount(time.min, { decimals: 0 }),
            max: formatAmount(time.max, { decimals: 0 }),
          });
  return (
    <WidgetRoot name="option-form" css={css} theme={props.theme}>
      <form
        className="tk-trade-form__frame"
        part="form"
        aria-label={t('option_form.title', { symbol })}
        aria-busy={submitting || !product}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ConnectionBanner />
        {signedIn ? <AccountStrip virtual={virtual} t={t} /> : null}
        <header className="tk-trade-form__header" part="header">
          <div className="tk-option-form__title">
            <h2 className="tk-trade-form__name">{view?.name ?? symbol}</h2>
            <span className="tk-option-form__code">{symbol}</span>
            <span
              className="tk-option-form__price tk-num"
              data-testid="live-price"
              data-stale={stale || undefined}
            >
              {view ? formatPrice(view.bidPrice, precision) : '--'}
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
                disabled={submitting}
                onClick={() => setDirection(side)}
              >
                {t(side === 0 ? 'option_form.up' : 'option_form.down')}
              </button>
            ))}
          </div>
        </header>
        {closed ? (
          <p
            className="tk-banner tk-option-form__closed"
            data-tone="danger"
            role="alert"
            part="closed"
            data-testid="closed-banner"
          >
            {t('option_form.closed')}
          </p>
        ) : null}
        <ProductError
          error={product ? null : productState.error}
          t={t}
          onRetry={() => void productState.refresh()}
        />
        <fieldset className="tk-option-form__times" part="times" disabled={submitting}>
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
                onClick={() => setChosen(d.time)}
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
        <div className="tk-option-form__amount" part="field">
          <label htmlFor={`${id}-amount`}>{t('option_form.amount')}</label>
          <input
            id={`${id}-amount`}
            className="tk-option-form__input tk-num"
            data-testid="amount"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            disabled={submitting}
            aria-describedby={range ? `${id}-range` : undefined}
            onChange={(event) => setAmount(amountDigits(event.target.value))}
          />
          {range ? (
            <span id={`${id}-range`} className="tk-option-form__hint">
              {range}
            </span>
          ) : null}
        </div>
        {time && time.chips.length > 0 ? (
          <div
            className="tk-option-form__chips"
            part="chips"
            role="group"
            aria-label={t('option_form.chips')}
          >
            {time.chips.map((chip) => (
              <button
                key={chip}
                type="button"
                className="tk-option-form__chip tk-num"
                aria-pressed={amount === String(chip)}
                data-testid={`chip-${chip}`}
                disabled={submitting}
                onClick={() => setAmount(String(chip))}
              >
                {formatAmount(chip, { decimals: 0 })}
              </button>
            ))}
          </div>
        ) : null}
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
        {short ? (
          <FundNotice
            actions={parseFundActions(props.fundActions)}
            t={t}
            onAction={(action) => emit('tk-fund-account', { action, symbol, mode: 'option' })}
          />
        ) : null}
        <button
          type="submit"
          className="tk-trade-form__submit"
          part="submit"
          data-testid="submit"
          data-side={direction === 0 ? 'up' : 'down'}
          data-state={state}
          disabled={disabled}
          aria-disabled={disabled}
        >
          {visitor ? t('option_form.sign_in') : blocked ? t(blocked) : action}
        </button>
        <ToastRegion toast={toast} onDone={dismiss} className="tk-trade-form__toasts" testId="option-toast" />
      </form>
      <OptionDrawers
        state={lifecycle.state}
        precision={precision}
        t={t}
        onClose={lifecycle.dismiss}
        onHistory={() => {
          lifecycle.dismiss();
          emit('tk-navigate', { to: HISTORY_PATH });
        }}
      />
    </WidgetRoot>
  );
}
