import { useRef } from 'react';
import type { ProductInfo } from '../../core/contract/types';
import { spreadOf } from '../../core/domain/spread';
import type { RuleMessage } from '../../core/domain/market-order-input';
import type { Direction, Quote } from '../../core/domain/market-order-price';
import { tradeButtonState } from '../../core/domain/market-order-state';
import { AccountStrip, FundNotice } from '../_shared/account-strip';
import { Announcer } from '../_shared/announcer';
import { ConnectionBanner } from '../_shared/connection-banner';
import { PlacementNotice } from '../_shared/placement-notice';
import { RiskWarning } from '../_shared/risk-warning';
import type { EventCallbacks } from '../_shared/events';
import { parseFundActions } from '../_shared/fund-account';
import { spreadText } from '../_shared/spread-text';
import {
  ProductError,
  TradeFormRoute,
  keepEnterFromSubmitting,
  useSendBackWhenClosed,
  useTradeTicket,
} from '../_shared/trade-form';
import type { TradeFormAttributes } from '../_shared/trade-form';
import type { Translate } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import { orderDraft, routeDirection } from './order-form.logic';
import { OrderHeader } from './order-header';
import { PreviewList } from './order-preview';
import { OrderOptions } from './order-options';
import { ToastRegion } from '../_shared/toast';
import { SubmitButton } from './submit-button';
import { ORDER_FORM_CSS as css } from './styles';
import { useOrderProduct } from './use-order-product';
import { useOrderTicket } from './use-order-ticket';
import { useSubmitOrder } from './use-submit-order';
import { TriggerFields } from './trigger-fields';
import { VolumeField } from './volume-field';

/** Props of <OrderForm>: the attributes of <tk-order-form> (order-form.meta.ts) plus the output callbacks. */
export interface OrderFormProps
  extends TradeFormAttributes, EventCallbacks<'tk-navigate' | 'tk-order-placed' | 'tk-fund-account'> {
  /**
   * A React host that offers price alerts (issue #25): a "Set alert" link (`text` translated by the host) that
   * calls `open` with the symbol and its bid. Not an attribute of the element.
   */
  setAlert?: { text: string; open(symbol: string, bid: string): void };
}

/** The market order form of spec §2, or nothing (after asking the page to go home) for a wrong route. */
export function OrderForm(props: OrderFormProps) {
  return (
    <>
      <TradeFormRoute direction={routeDirection(props.mode, props.direction)} callbacks={props}>
        {(direction) => <OrderTicket {...props} initialDirection={direction} />}
      </TradeFormRoute>
      {/* Says the fills this form makes, and the page's stop-outs, once per page (SR1). */}
      <Announcer />
    </>
  );
}

/** The spread line of the header: the product's spread at `quote`, in its own precision. */
function productSpread(product: ProductInfo, quote: Quote, t: Translate) {
  return spreadText(
    spreadOf(quote.bid, quote.ask, {
      productCode: product.productCode,
      type: product.type,
      precision: product.pricePrecision,
    }),
    t,
  );
}

/** Conversion pairs at their bid and ask: the engine converts at the same mid. */
const ratesIn = (prices: ReadonlyMap<string, { bidPrice: string; askPrice: string }>) => (code: string) => {
  const q = prices.get(code);
  return q ? { bid: q.bidPrice, ask: q.askPrice } : null;
};

function OrderTicket(props: OrderFormProps & { initialDirection: Direction }) {
  const context = useTradeTicket(props);
  const { platform, session, t, emit, id, symbol, sessionState, balance, prices, signedIn } = context;
  const { view, marketStatus, stale, now, toast, show, dismiss } = context;
  const onMessage = (m: RuleMessage) => show(t(m.key, m.vars), 'error');
  const productState = useOrderProduct(platform, symbol, signedIn);
  const { product } = productState;
  const quote: Quote | null = view ? { bid: view.bidPrice, ask: view.askPrice } : null;
  const latestQuote = useRef(quote);
  latestQuote.current = quote;

  // Spec §5: a product closed by tradeStatus 0 sends the trader back to its chart page (which shows the
  // closed banner in place of buy and sell).
  useSendBackWhenClosed(product?.tradeStatus === 0 ? symbol : null, emit);

  const ticket = useOrderTicket({ symbol, direction: props.initialDirection, product, quote, onMessage });
  const { values } = ticket;
  const rates = ratesIn(prices);
  const available = signedIn ? (balance?.balanceAmount ?? null) : null;
  const { qty, entry, preview, enough } = orderDraft(values, product, quote, available, rates);
  const { submitting, submit } = useSubmitOrder({
    platform,
    session,
    symbol,
    values,
    setValues: ticket.setValues,
    clampLock: ticket.clampLock,
    product: productState,
    quote: latestQuote,
    enough,
    t,
    show,
    onMessage,
    emit,
  });
  const state = tradeButtonState({
    product,
    hasQuote: quote !== null,
    quoteMarketOpen: view?.marketOpen,
    marketStatus,
    stale,
    submitting,
    lock: ticket.lock,
    now: Math.max(now, Date.now()),
  });
  const precision = product?.pricePrecision ?? view?.pricePrecision ?? 2;
  const busy = submitting || !product;

  if (!symbol) {
    return (
      <WidgetRoot name="order-form" css={css} theme={props.theme}>
        <p className="tk-state">{t('order.no_symbol')}</p>
      </WidgetRoot>
    );
  }
  return (
    <WidgetRoot name="order-form" css={css} theme={props.theme}>
      <form
        className="tk-trade-form__frame"
        part="form"
        aria-label={t('order.title', { symbol })}
        aria-busy={busy}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        onKeyDown={keepEnterFromSubmitting}
      >
        <ConnectionBanner />
        {signedIn ? <AccountStrip virtual={sessionState.virtual} t={t} /> : null}
        <PlacementNotice
          kind="market"
          symbol={symbol}
          refusal={toast?.tone === 'error' ? toast.id : 0}
          t={t}
          onNavigate={(to) => emit('tk-navigate', { to })}
        />
        <OrderHeader
          symbol={symbol}
          name={product?.productName ?? view?.name ?? symbol}
          quote={view}
          precision={precision}
          spread={product && quote ? productSpread(product, quote, t) : null}
          stale={stale}
          direction={values.direction}
          disabled={submitting}
          t={t}
          onDirection={ticket.setDirection}
          setAlert={props.setAlert}
        />
        <ProductError
          error={product ? null : productState.error}
          t={t}
          onRetry={() => void productState.refresh()}
        />
        <OrderOptions
          id={id}
          values={values}
          product={product}
          quote={quote}
          disabled={submitting}
          t={t}
          ticket={ticket}
        />
        <VolumeField
          id={id}
          value={values.volume}
          product={product}
          disabled={submitting}
          t={t}
          ticket={ticket}
        />
        <TriggerFields
          values={values}
          product={product}
          qty={qty}
          entry={entry}
          rates={rates}
          disabled={submitting}
          t={t}
          ticket={ticket}
        />
        <PreviewList
          preview={preview}
          available={available}
          product={product}
          fundNotice={
            signedIn && !sessionState.virtual ? (
              <FundNotice
                actions={parseFundActions(props.fundActions)}
                t={t}
                onAction={(action) => emit('tk-fund-account', { action, symbol, mode: 'market' })}
              />
            ) : undefined
          }
          t={t}
        />
        <div className="tk-trade-form__foot">
          <SubmitButton
            state={state}
            signedIn={signedIn}
            direction={values.direction}
            pending={values.pending}
            t={t}
          />
        </div>
        <RiskWarning placement="form" />
        <ToastRegion toast={toast} onDone={dismiss} className="tk-trade-form__toasts" testId="order-toast" />
      </form>
    </WidgetRoot>
  );
}
