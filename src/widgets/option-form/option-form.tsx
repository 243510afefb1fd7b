import { AccountStrip, FundNotice } from '../_shared/account-strip';
import { Announcer } from '../_shared/announcer';
import { ConnectionBanner } from '../_shared/connection-banner';
import { PlacementNotice } from '../_shared/placement-notice';
import type { EventCallbacks } from '../_shared/events';
import { parseFundActions } from '../_shared/fund-account';
import { ToastRegion } from '../_shared/toast';
import { ProductError, TradeFormRoute, keepEnterFromSubmitting, useTradeTicket } from '../_shared/trade-form';
import type { TradeFormAttributes } from '../_shared/trade-form';
import { WidgetRoot } from '../_shared/widget-root';
import { OptionDrawers } from './option-drawers';
import { AmountField, DeliveryTimes, OptionHeader, OptionPreview } from './option-fields';
import { OPTION_FORM_CSS as css } from './styles';
import { HISTORY_PATH, routeDirection, submitButton } from './option-form.logic';
import type { OptionSide } from './option-form.logic';
import { useOptionTicket } from './use-option-ticket';

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

function OptionTicket(props: OptionFormProps & { initialDirection: OptionSide }) {
  const ticket = useTradeTicket(props);
  const { t, emit, id, symbol, sessionState, signedIn, view, stale, toast, dismiss } = ticket;
  const virtual = signedIn && sessionState.virtual;
  const option = useOptionTicket(ticket, props.initialDirection);
  const { lifecycle, productState, product, direction, submitting, state } = option;
  const precision = view?.pricePrecision ?? 2;

  if (!symbol) {
    return (
      <WidgetRoot name="option-form" css={css} theme={props.theme}>
        <p className="tk-state">{t('option_form.no_symbol')}</p>
      </WidgetRoot>
    );
  }
  const button = submitButton(state, signedIn, direction);
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
          void option.submit();
        }}
        onKeyDown={keepEnterFromSubmitting}
      >
        <ConnectionBanner />
        {signedIn ? <AccountStrip virtual={virtual} t={t} /> : null}
        <PlacementNotice
          kind="option"
          symbol={symbol}
          refusal={toast?.tone === 'error' ? toast.id : 0}
          t={t}
          onNavigate={(to) => emit('tk-navigate', { to })}
        />
        <OptionHeader
          name={view?.name ?? symbol}
          symbol={symbol}
          bid={view ? view.bidPrice : null}
          precision={precision}
          stale={stale}
          direction={direction}
          disabled={submitting}
          t={t}
          onDirection={option.setDirection}
        />
        {option.closed ? (
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
        <DeliveryTimes
          product={product}
          time={option.time}
          disabled={submitting}
          t={t}
          onTime={option.setChosen}
        />
        <AmountField
          id={id}
          time={option.time}
          amount={option.amount}
          disabled={submitting}
          t={t}
          onAmount={option.setAmount}
        />
        <OptionPreview preview={option.preview} available={option.available} signedIn={signedIn} t={t} />
        {option.short ? (
          <FundNotice
            actions={parseFundActions(props.fundActions)}
            t={t}
            onAction={(action) => emit('tk-fund-account', { action, symbol, mode: 'option' })}
          />
        ) : null}
        <div className="tk-trade-form__foot">
          <button
            type="submit"
            className="tk-trade-form__submit"
            part="submit"
            data-testid="submit"
            data-side={direction === 0 ? 'up' : 'down'}
            data-state={state}
            // Kept focusable while the option is sent, as the order form's (the submit ignores a second press).
            disabled={button.disabled && !submitting}
            aria-disabled={button.disabled}
          >
            {t(button.label)}
          </button>
        </div>
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
      <Announcer />
    </WidgetRoot>
  );
}
