/** Parsing of exchange socket messages at the edge: anything not shaped like the contract is dropped. */
import type { ExchangeNotificationMessage } from '../contract/notifications';
import type { ExchangeOptionSettledMessage, OptionOrder } from '../contract/options';
import type { ExchangeOrderMessage, PositionSummary } from '../contract/trading';
import { isDecimal } from '../domain/decimal';

/** Any message of the exchange socket: a list of orders, or options the server just settled. */
export type ExchangeMessage = ExchangeOrderMessage | ExchangeOptionSettledMessage;

const KINDS = new Set(['holtOrder', 'pendingOrder']);
const SUMMARY_KEYS = [
  'profitLossSum',
  'netValue',
  'securityDepositPrent',
  'securityDepositAvailableSum',
] as const;

function isSummary(value: unknown): value is PositionSummary {
  if (typeof value !== 'object' || value === null) return false;
  const summary = value as Record<string, unknown>;
  return SUMMARY_KEYS.every((key) => typeof summary[key] === 'string');
}

/** A settled option as the contract has it (the fields a widget reads are checked; others pass as sent). */
function isSettledOption(value: unknown): value is OptionOrder {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Record<string, unknown>;
  return (
    typeof order.id === 'string' &&
    typeof order.uid === 'string' &&
    order.positionStatus === 1 &&
    typeof order.winLost === 'string'
  );
}

/** The JSON object of a socket frame that names `marker` (a cheap test before parsing), or null. */
function objectIn<T>(data: unknown, marker: string): T | null {
  if (typeof data !== 'string' || !data.includes(marker)) return null;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as T) : null;
  } catch {
    return null;
  }
}

/** The message in a socket frame (text JSON), or null when it is not a message of the contract. */
export function parseExchangeMessage(data: unknown): ExchangeMessage | null {
  const value = objectIn<object>(data, '');
  if (!value) return null;
  if ((value as { ordertype?: unknown }).ordertype === 'optionSettled') {
    const settled = value as Partial<ExchangeOptionSettledMessage>;
    if (typeof settled.virtual !== 'boolean' || !Array.isArray(settled.list)) return null;
    const list = settled.list.filter(isSettledOption);
    return list.length > 0 ? { ordertype: 'optionSettled', virtual: settled.virtual, list } : null;
  }
  const message = value as Partial<ExchangeOrderMessage>;
  if (!KINDS.has(message.ordertype as string) || !Array.isArray(message.list)) return null;
  if (typeof message.virtual !== 'boolean' || !isSummary(message.summary)) return null;
  const list = message.list.filter(
    (order) => typeof order === 'object' && order !== null && typeof order.id === 'string',
  );
  const event = message.event;
  const validEvent = event && typeof event.orderId === 'string' && typeof event.kind === 'string';
  return { ...(message as ExchangeOrderMessage), list, event: validEvent ? event : undefined };
}

/** The notification message in a socket frame (the user's unread count changed), or null. */
export function parseNotificationMessage(data: unknown): ExchangeNotificationMessage | null {
  const message = objectIn<Partial<ExchangeNotificationMessage>>(data, '"notification"');
  if (!message) return null;
  if (message.ordertype !== 'notification') return null;
  const unread = message.unread;
  if (typeof unread !== 'number' || !Number.isSafeInteger(unread) || unread < 0) return null;
  const id = typeof message.id === 'string' ? message.id : undefined;
  const alarmType = typeof message.alarmType === 'number' ? message.alarmType : undefined;
  const price = message.paymentPrice;
  const paymentPrice = typeof price === 'string' && isDecimal(price) ? price : undefined;
  const unit = message.paymentUnit;
  // A unit is a currency code; anything else would end up in a toast's text.
  const paymentUnit = typeof unit === 'string' && /^[A-Za-z0-9]{1,12}$/.test(unit) ? unit : undefined;
  return {
    ordertype: 'notification',
    unread,
    ...(id ? { id } : {}),
    ...(alarmType ? { alarmType } : {}),
    ...(paymentPrice ? { paymentPrice } : {}),
    ...(paymentUnit ? { paymentUnit } : {}),
  };
}

/** The journal mark of a frame (RP1): its `seq` and `ordertype`, or null for a frame without a number. */
export function journalMarkOf(data: unknown): { seq: number; ordertype: string } | null {
  const value = objectIn<{ seq?: unknown; ordertype?: unknown }>(data, '"seq"');
  if (!value) return null;
  const { seq, ordertype } = value;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return null;
  return { seq, ordertype: typeof ordertype === 'string' ? ordertype : '' };
}
