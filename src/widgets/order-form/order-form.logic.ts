/**
 * Pure rules of <tk-order-form> on top of core/domain: which attributes make the page leave, product
 * defaults, committing every field before a submit, and the `order/addOrder` body.
 */
import type { AddOrderRequest } from '../../core/contract/trading';
import type { ProductInfo } from '../../core/contract/types';
import { parseInput } from '../../core/domain/market-order-input';
import type { RuleMessage } from '../../core/domain/market-order-input';
import { checkPendingPrice, tradePrice } from '../../core/domain/market-order-price';
import type { Direction, Quote } from '../../core/domain/market-order-price';
import { checkTrigger, triggerReference } from '../../core/domain/market-order-triggers';
import { checkVolume } from '../../core/domain/market-order-volume';
import { previewOrder } from '../../core/domain/trade-preview';
import type { OrderPreview, PreviewError, QuoteLookup } from '../../core/domain/trade-preview';

/** The only mode this form serves (spec §2: it leaves the page for any other). */
export const MARKET_MODE = 'market';

/** Spec §9 defaults of product order info. */
export const PRODUCT_DEFAULTS = { multiple: 100, pip: '0.01', pricePrecision: 2 } as const;

/** What the user has typed and switched. */
export interface FormValues {
  direction: Direction;
  /** buyPoint 1 (true) or 2 (false). */
  pending: boolean;
  volume: string;
  price: string;
  stopLossOn: boolean;
  stopLoss: string;
  takeProfitOn: boolean;
  takeProfit: string;
}

/** Editable text fields of the form. */
export type TextField = 'volume' | 'price' | 'stopLoss' | 'takeProfit';

/**
 * The direction the attributes ask for, or null when the form must leave the page: a direction other
 * than 0 or 1, or a mode other than market. An absent attribute means buy / market (embedding default).
 */
export function routeDirection(mode: string | undefined, direction: unknown): Direction | null {
  if (mode !== undefined && mode !== '' && mode !== MARKET_MODE) return null;
  if (direction === undefined || direction === null || direction === '') return 0;
  const value = typeof direction === 'number' ? direction : Number(direction);
  return value === 0 || value === 1 ? value : null;
}

/** The host path that signs in and comes back to this form (`/login?to=…`). */
export function loginPath(symbol: string, direction: Direction): string {
  return `/login?to=${encodeURIComponent(`/${symbol}/place?direction=${direction}`)}`;
}

/** Product info with the spec defaults where the server left a field out. */
export function withDefaults(product: ProductInfo): ProductInfo {
  const precision = Number.isInteger(product.pricePrecision) ? product.pricePrecision : null;
  return {
    ...product,
    multiple: product.multiple > 0 ? product.multiple : PRODUCT_DEFAULTS.multiple,
    pip: product.pip || PRODUCT_DEFAULTS.pip,
    pricePrecision: precision ?? PRODUCT_DEFAULTS.pricePrecision,
    sessions: Array.isArray(product.sessions) ? product.sessions : [],
  };
}

/** The pending price as a number the other rules can use, or null for a market order / no price yet. */
export function pendingPrice(values: FormValues): string | null {
  return values.pending && values.price !== '' ? values.price : null;
}

/** Run one field's rule; `values` are the form with the field's current text. */
export function commitField(
  field: TextField,
  values: FormValues,
  product: ProductInfo,
  quote: Quote,
): { value: string; message: RuleMessage | null; clamped: boolean } {
  const { direction } = values;
  if (field === 'volume') return checkVolume(values.volume, product);
  if (field === 'price')
    return checkPendingPrice(values.price, direction, tradePrice(direction, quote), product);
  const reference = triggerReference(direction, quote, pendingPrice(values));
  return checkTrigger(field, values[field], direction, reference, product);
}

/** The fields a submit checks, in the order their messages are shown. */
export function activeFields(values: FormValues): TextField[] {
  const fields: TextField[] = ['volume'];
  if (values.pending) fields.push('price');
  if (values.stopLossOn) fields.push('stopLoss');
  if (values.takeProfitOn) fields.push('takeProfit');
  return fields;
}

/** Every active field committed in order (a clamped price moves the trigger reference too). */
export function commitAll(
  values: FormValues,
  product: ProductInfo,
  quote: Quote,
): { values: FormValues; messages: RuleMessage[]; clamped: boolean } {
  let next = values;
  const messages: RuleMessage[] = [];
  let clamped = false;
  for (const field of activeFields(values)) {
    const result = commitField(field, next, product, quote);
    next = { ...next, [field]: result.value };
    if (result.message) messages.push(result.message);
    clamped ||= result.clamped;
  }
  return { values: next, messages, clamped };
}

/** The `order/addOrder` body of committed values. */
export function orderRequest(symbol: string, values: FormValues, product: ProductInfo): AddOrderRequest {
  return {
    tradePair: symbol,
    price: values.pending ? values.price : '0',
    stopPrice: values.stopLossOn ? values.stopLoss : '',
    takeProfitPprice: values.takeProfitOn ? values.takeProfit : '',
    orderQuantity: values.volume,
    multiple: product.multiple,
    orderType: values.direction,
    buyPoint: values.pending ? 1 : 2,
  };
}

/** What the typed values come to: the parsed quantity and limit, the entry price and the preview. */
export interface OrderDraft {
  qty: string | null;
  limit: string | null;
  /** The limit of a pending order, else the side's live price (ask to buy, bid to sell). */
  entry: string | null;
  /** Null until the product, a quantity, an entry and a quote are all known. */
  preview: OrderPreview | { error: PreviewError } | null;
  /** False only for a preview whose balance after would go negative. */
  enough: boolean;
}

/** The draft of the ticket as typed, previewed against `available` (null: signed out or not loaded). */
export function orderDraft(
  values: FormValues,
  product: ProductInfo | null,
  quote: Quote | null,
  available: string | null,
  rates: QuoteLookup,
): OrderDraft {
  const qty = parseInput(values.volume);
  const limit = values.pending ? parseInput(values.price) : null;
  const entry = values.pending ? limit : quote ? tradePrice(values.direction, quote) : null;
  const preview =
    product && qty && entry && quote
      ? previewOrder(product, { direction: values.direction, qty, limit }, quote, available, rates)
      : null;
  const enough = !preview || 'error' in preview || preview.enough;
  return { qty, limit, entry, preview, enough };
}
