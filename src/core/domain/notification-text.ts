/**
 * Which text a notification shows (spec §8), for the notifications widget and the server's Web Push alike:
 * action type 4 shows its own title and content; a known alarm code shows the translated text of
 * `alarm.<code>` with its values (629005, 629006 and our 7290xx name the payment amount and its unit; a fired
 * price alert and a margin close-out are phrased from the notice's content); an unknown code falls back on the
 * own text. Keys are relative to the `notifications` tree of the `notifications` namespace: the caller that holds
 * the strings (the widget's i18next, the server's files) names the tree.
 */
import { AlarmType, MoneyAlarmType, OWN_TEXT_ACTION, type Notification } from '../contract/notifications';
import { formatAmount } from './format';

/** Translates a key of the `notifications` tree with its values. */
export type Phrase = (key: string, values?: Record<string, string>) => string;

/** The fields a text is made from. */
export type PhrasedNotification = Pick<
  Notification,
  'actionType' | 'alarmType' | 'title' | 'content' | 'paymentPrice' | 'paymentUnit'
>;

/** Alarm codes with a text of their own (spec §8, and our codes, decisions AN1); others show their own text. */
export const KNOWN_ALARMS: readonly number[] = [
  ...Object.values(AlarmType),
  ...Object.values(MoneyAlarmType),
];
/** Codes whose text names the payment amount. */
const WITH_AMOUNT: readonly number[] = [
  AlarmType.withdrawalRejected,
  AlarmType.depositRejected,
  ...Object.values(MoneyAlarmType),
];

/** What to show: an alarm code's text with its amount, or the notification's own text. */
export type TextSource =
  | { kind: 'own'; title: string; body: string }
  | { kind: 'code'; code: number; amount: string | null; unit?: string };

/** Spec §8: action type 4 and unknown codes show their own text; a known code its translated text. */
export function textSource(n: PhrasedNotification): TextSource {
  if (n.actionType === OWN_TEXT_ACTION || !KNOWN_ALARMS.includes(n.alarmType)) {
    return { kind: 'own', title: n.title, body: n.content };
  }
  const withAmount = WITH_AMOUNT.includes(n.alarmType);
  const unit = withAmount ? n.paymentUnit : null;
  return {
    kind: 'code',
    code: n.alarmType,
    amount: withAmount ? n.paymentPrice : null,
    ...(unit ? { unit } : {}),
  };
}

/**
 * An amount as the texts name it (spec §9): USD (or no unit, the spec's own codes) with 2 decimals and
 * thousands separators, another currency raw (as the server wrote it, never rounded), each followed by its unit
 * when there is one.
 */
export function amountText(amount: string | null, unit: string | null): string {
  if (amount === null) return '';
  const shown = unit === null || unit === 'USD' ? formatAmount(amount) : amount;
  return unit === null ? shown : `${shown} ${unit}`;
}

/** What a margin close-out notice (729006, PR5) names: the account, the levels and the positions closed. */
export interface CloseOutFacts {
  demo: boolean;
  /** Margin level the account fell to and the close-out level, as percentages ("39.58"). */
  level: string;
  floor: string;
  /** The positions closed. */
  positions: Array<{ tradePair: string; uid: string }>;
}

const PERCENT = /^\d{1,6}(\.\d{1,2})?$/;
const CODE = /^[A-Z0-9.]{1,32}$/;
const ORDER_NO = /^\d{1,40}$/;

/** An object parsed from JSON text, or null. */
function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The facts of a close-out notice's content (JSON written by the server); null when it is not such JSON. */
export function closeOutFacts(content: string): CloseOutFacts | null {
  const parsed = jsonObject(content);
  if (!parsed) return null;
  const { demo, marginLevel, closeOutLevel, orders } = parsed;
  if (typeof marginLevel !== 'string' || !PERCENT.test(marginLevel)) return null;
  if (typeof closeOutLevel !== 'string' || !PERCENT.test(closeOutLevel)) return null;
  if (!Array.isArray(orders)) return null;
  const positions = orders.filter(
    (o): o is { tradePair: string; uid: string } =>
      typeof o === 'object' &&
      o !== null &&
      CODE.test(String((o as Record<string, unknown>).tradePair)) &&
      ORDER_NO.test(String((o as Record<string, unknown>).uid)),
  );
  return { demo: demo === true, level: marginLevel, floor: closeOutLevel, positions };
}

const ALERT_CONDITIONS = ['bid_above', 'bid_below', 'ask_above', 'ask_below', 'move_pct'];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A fired price alert (729005, decisions AL8): the stored notice carries the alert as JSON in `content` and is
 * phrased by its condition; the live push has no content, only the price that fired it and the symbol as its
 * unit, and says the symbol reached the price. A content that is not the expected JSON falls back on that.
 */
function priceAlertText(n: PhrasedNotification, phrase: Phrase): { title: string; body: string } {
  const key = `alarm.${AlarmType.priceAlert}`;
  const alert = jsonObject(n.content);
  const condition = text(alert?.condition);
  const symbol = text(alert?.symbol) || (n.paymentUnit ?? '');
  const price = text(alert?.firedPrice) || (n.paymentPrice ?? '');
  const title = phrase(`${key}.title`);
  if (!alert || !ALERT_CONDITIONS.includes(condition)) {
    return { title, body: phrase(`${key}.body`, { symbol, price }) };
  }
  const body = phrase(`${key}.${condition}`, {
    symbol,
    price,
    level: text(alert.level),
    percent: text(alert.percent),
  });
  const note = text(alert.note);
  return { title, body: note ? `${body}\n${phrase(`${key}.note`, { note })}` : body };
}

/**
 * A margin close-out (PR5): the levels and positions from the notice's content; a toast, which has no content,
 * and a content that cannot be read say it in general terms.
 */
function closeOutText(content: string, phrase: Phrase): { title: string; body: string } {
  const key = `alarm.${AlarmType.marginCloseOut}`;
  const facts = content ? closeOutFacts(content) : null;
  if (!facts) return { title: phrase(`${key}.title`), body: phrase(`${key}.body_generic`) };
  const positions = facts.positions
    .map((p) => phrase(`${key}.position`, { symbol: p.tradePair, number: p.uid }))
    .join(', ');
  return {
    title: phrase(`${key}.title`),
    body: phrase(facts.demo ? `${key}.body_demo` : `${key}.body`, {
      level: facts.level,
      floor: facts.floor,
      positions,
    }),
  };
}

/** The title and body a notification shows, in the language `phrase` translates to. */
export function phraseNotification(n: PhrasedNotification, phrase: Phrase): { title: string; body: string } {
  const source = textSource(n);
  if (source.kind === 'own') return { title: source.title || phrase('fallback_title'), body: source.body };
  if (source.code === AlarmType.priceAlert) return priceAlertText(n, phrase);
  if (source.code === AlarmType.marginCloseOut) return closeOutText(n.content, phrase);
  const amount = amountText(source.amount, source.unit ?? null);
  return {
    title: phrase(`alarm.${source.code}.title`),
    body: phrase(`alarm.${source.code}.body`, { amount }),
  };
}
