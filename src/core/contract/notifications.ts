/**
 * Notifications (spec §2, §3 Notification, §4, §7 `user/notification*`, §8 notification codes): the user's
 * list, marking read, the unread count, the exchange-socket push of the unread count, and the operators'
 * "new message". Registered by `server/src/notifications`, called by `<tk-notifications>` and the host's badge.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { DecOut, Empty, EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

/** Notifications per page (spec §9). */
export const NOTIFICATION_PAGE_SIZE = 10;
/** Most notifications one list call may ask for. */
export const NOTIFICATION_MAX_LIMIT = 50;
/** Most ids one `read` call may mark. */
export const NOTIFICATION_MAX_READ_IDS = 100;
/** Longest operator title and content. */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_CONTENT_MAX = 4000;

/** Alarm types of spec §8: the client translates title and body from these. */
export const AlarmType = {
  withdrawalRejected: 629005,
  depositRejected: 629006,
  kycRejected: 629007,
  newMessage: 629012,
  loanRejected: 629021,
  /**
   * Ours (issue #21, outside the spec's 629xxx block like 729001–729003): an operator replied to the trader's
   * support conversation while no socket of the trader was open; `content` holds the start of the reply.
   */
  supportReply: 729004,
  /**
   * Ours (issue #25): one of the trader's price alerts fired (`src/core/contract/alerts.ts`); `content` holds
   * the alert as JSON (`{id, symbol, condition, level, percent, firedPrice}`) for the client to phrase in the
   * reader's language, `paymentPrice` the price that fired it.
   */
  priceAlert: 729005,
  /**
   * Ours (issue #25, decision PR5): the server closed positions of the trader because the account's margin
   * level fell below its close-out level; `content` holds `{demo, marginLevel, closeOutLevel, orders:
   * [{uid, tradePair}]}` as JSON (levels as percentages) for the client to phrase in the reader's language.
   */
  marginCloseOut: 729006,
} as const;
export type AlarmType = (typeof AlarmType)[keyof typeof AlarmType];

/**
 * Our own alarm types (decisions AN1), outside the spec's 629xxx block so that no code a backend of the spec
 * sends can mean one of them: money that arrived, announced as the spec announces money refused. Each names
 * the amount with its unit (`paymentPrice`, `paymentUnit`).
 */
export const MoneyAlarmType = {
  /** A deposit was credited: to the USD balance, or the coin amount to the coin's wallet. */
  depositCredited: 729001,
  /** A withdrawal was paid out: the practical amount in the withdrawn currency. */
  withdrawalPaid: 729002,
  /** A wallet transfer is done: what arrived, in the target unit. */
  transferDone: 729003,
} as const;
export type MoneyAlarmType = (typeof MoneyAlarmType)[keyof typeof MoneyAlarmType];

/** Action type whose notification shows its own title and content (spec §8). */
export const OWN_TEXT_ACTION = 4;
/** Action type of the other notifications: the client shows the text of the alarm type. */
export const CODE_TEXT_ACTION = 0;

/** readStatus: 0 unread, 1 read (spec §3). */
export const ReadStatus = { unread: 0, read: 1 } as const;

/** One notification (spec §3). */
export const Notification = Obj({
  id: T.String(),
  readStatus: OneOf([0, 1] as const),
  title: T.String(),
  alarmType: T.Integer(),
  actionType: T.Integer(),
  content: T.String(),
  remark: T.String(),
  /** Milliseconds since the epoch. */
  timeStamp: EpochMs(),
  /** The amount a deposit or withdrawal was about (629005, 629006, 729001, 729002) or a transfer's, else null. */
  paymentPrice: Nullable(DecOut()),
  /** The unit of `paymentPrice` (USD or a coin) on our own codes (AN1); absent or null on the spec's. */
  paymentUnit: T.Optional(Nullable(T.String())),
});
export type Notification = Static<typeof Notification>;

/** A page of notifications, newest first. */
export const NotificationPage = Obj({
  list: T.Array(Notification),
  page: T.Integer({ minimum: 1 }),
  pages: T.Integer({ minimum: 0 }),
  total: T.Integer({ minimum: 0 }),
});
export type NotificationPage = Static<typeof NotificationPage>;

const TAG = 'notifications';
const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
/** An id as the list answers it (a bigint in decimal). */
const NotificationId = () => Str(18, { pattern: '^[1-9][0-9]{0,17}$' });
const UnreadAnswer = Obj({ unread: T.Integer({ minimum: 0 }) });

export const NotificationList = endpoint({
  service: 'api',
  path: 'waa/user/notification',
  access: 'protected',
  tag: TAG,
  summary: "A page of the user's notifications, newest first, with the number of pages",
  input: Obj({
    page: Int(1, 1_000_000),
    limit: T.Optional(Int(1, NOTIFICATION_MAX_LIMIT, { default: NOTIFICATION_PAGE_SIZE })),
  }),
  data: NotificationPage,
  codes: [Code.INCORRECT_PARAMETER, ...SESSION_CODES],
});

export const NotificationRead = endpoint({
  service: 'api',
  path: 'waa/user/notification/read',
  access: 'protected',
  tag: TAG,
  summary:
    "Mark notifications read; ids that are not the caller's (or do not exist) are ignored. Answers how many " +
    'changed and the unread count',
  input: Obj({
    ids: T.Array(NotificationId(), { minItems: 1, maxItems: NOTIFICATION_MAX_READ_IDS }),
  }),
  data: Obj({ read: T.Integer({ minimum: 0 }), unread: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER, ...SESSION_CODES],
});

export const NotificationUnreadCount = endpoint({
  service: 'api',
  path: 'waa/user/notification/getUnreadCount',
  access: 'protected',
  tag: TAG,
  summary: "How many of the user's notifications are unread",
  input: Empty(),
  data: UnreadAnswer,
  codes: [...SESSION_CODES],
});

/**
 * Exchange-socket message (beside `holtOrder`/`pendingOrder`) sent to every socket of the user when a
 * notification arrives (`id`, `alarmType` set) or the unread count changes by a read (without them).
 */
export const ExchangeNotificationMessage = Obj({
  ordertype: OneOf(['notification'] as const),
  unread: T.Integer({ minimum: 0 }),
  id: T.Optional(T.String()),
  alarmType: T.Optional(T.Integer()),
  /** With a new notification that has them: its amount and unit, so the page announces it without a reload. */
  paymentPrice: T.Optional(DecOut()),
  paymentUnit: T.Optional(T.String()),
});
export type ExchangeNotificationMessage = Static<typeof ExchangeNotificationMessage>;

/** `POST /admin/v1/users/{uid}/notifications`: an operator's "new message" (629012, action type 4). */
export const AdminSendNotification = endpoint({
  service: 'admin',
  path: 'users/{uid}/notifications',
  access: 'admin',
  tag: 'admin',
  summary: 'Send a user a new-message notification (629012) with its own title and content',
  input: Obj({
    uid: Str(32, { pattern: '^[0-9A-Za-z]{1,32}$' }),
    title: Str(NOTIFICATION_TITLE_MAX, { minLength: 1 }),
    content: Str(NOTIFICATION_CONTENT_MAX, { minLength: 1 }),
  }),
  data: Obj({ id: T.String(), uid: T.String(), unread: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND],
});
