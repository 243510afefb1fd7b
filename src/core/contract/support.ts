/**
 * Live support (issue #21): a trader's (or a visitor's) conversation with the operators, its messages with an
 * optional image, read receipts, and the exchange-socket push of each change; the operators' inbox on the admin
 * API. Registered by `server/src/support`; the trader's `<tk-support>` and the back office's support queue call
 * it. One conversation is open per user (or visitor) at a time; sending with none open opens one.
 */
import { Code } from './codes';
import { endpoint, resource, serverUrl, SERVICE_ROOT } from './endpoint';
import { AlarmType } from './notifications';
import { EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static, type TSchema } from './schema';

/** Longest message text, in characters (no control characters except a line feed). */
export const SUPPORT_TEXT_MAX = 2000;
/** Largest image of a message, in bytes; checked by its content (JPEG, PNG, HEIC) as it streams. */
export const SUPPORT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Longest idempotency id a client makes for a message (a resend with the same id stores nothing new). */
export const SUPPORT_CLIENT_ID_MAX = 64;
/** Messages a sender may send in `SUPPORT_RATE_WINDOW_MS` (user, visitor; 1110 beyond). */
export const SUPPORT_RATE_LIMIT = 20;
export const SUPPORT_RATE_WINDOW_MS = 60_000;
/** Most messages one `conversation` answer carries (ascending ids; `more` says to ask again after the last). */
export const SUPPORT_PAGE_MAX = 200;
/** Operators' inbox page size (default). */
export const SUPPORT_QUEUE_PAGE_SIZE = 50;
/** The notification of a reply that found the trader away (no socket open): notifications.ts `AlarmType`. */
export const SUPPORT_REPLY_ALARM = AlarmType.supportReply;
/** Longest contact email of a visitor. */
export const SUPPORT_EMAIL_MAX = 254;
/**
 * The socket path id of a visitor's live channel: `/exchange-ws/support-visitor`, first message
 * `{ "ticket": "…" }` with a ticket of `SupportVisitorTicket` (a signed-in trader uses its own uid and token).
 */
export const SUPPORT_VISITOR_SOCKET_ID = 'support-visitor';

/**
 * Message text: up to 2,000 characters, no control characters but the line feed (a chat has lines). The
 * server also refuses a text that is only white space when there is no image (1001).
 */
export const SUPPORT_TEXT_PATTERN = '^[^\\u0000-\\u0009\\u000B-\\u001F\\u007F]*$';
const ClientId = () => Str(SUPPORT_CLIENT_ID_MAX, { minLength: 1, pattern: '^[A-Za-z0-9_-]{1,64}$' });
const Text = () => T.String({ maxLength: SUPPORT_TEXT_MAX, pattern: SUPPORT_TEXT_PATTERN });
/** A database id as the API writes it (a bigint in decimal). */
const Id = () => Str(18, { pattern: '^[1-9][0-9]{0,17}$' });
/** A file part of a multipart input. */
const File = () => T.Unsafe<Blob>({ type: 'string', format: 'binary' });

/** One message of a conversation. `from` is the side that wrote it. */
export const SupportMessage = Obj({
  id: T.String({ description: 'A bigint in decimal; ids grow with time within a conversation' }),
  conversationId: T.String(),
  from: OneOf(['trader', 'operator'] as const),
  /** Plain text ('' for an image alone): render it as text, never as HTML. */
  text: T.String(),
  /** The image's id (open it with `SupportImage` / `SupportVisitorImage` / `AdminSupportImage`), or null. */
  image: Nullable(T.String()),
  createdAt: EpochMs(),
  /** When the other side read it (the trader's own messages: read by an operator), else null. */
  readAt: Nullable(EpochMs()),
  /** The sender's idempotency id ('' on operator messages sent without one). */
  clientId: T.String(),
});
export type SupportMessage = Static<typeof SupportMessage>;

/**
 * The `assignedTo` of a conversation taken or answered by the admin token (automation and the CLI act as the
 * team, not as a person); the trader's page shows the team's name in its language instead.
 */
export const SUPPORT_TEAM_NAME = 'Support';

export const SupportConversation = Obj({
  id: T.String(),
  status: OneOf(['open', 'closed'] as const),
  /** The display name of the operator who took it, or null while it waits in the unassigned inbox. */
  assignedTo: Nullable(T.String()),
  createdAt: EpochMs(),
  closedAt: Nullable(EpochMs()),
});
export type SupportConversation = Static<typeof SupportConversation>;

/** The caller's latest conversation (open, else the last closed one, else null) and its messages. */
export const SupportThread = Obj({
  conversation: Nullable(SupportConversation),
  /** Messages with ids above `afterId` (all when missing), ascending, at most `SUPPORT_PAGE_MAX`. */
  messages: T.Array(SupportMessage),
  /** More messages follow the last one: ask again with its id as `afterId`. */
  more: T.Boolean(),
});
export type SupportThread = Static<typeof SupportThread>;

/** What a send answers: the stored message (the first one again on a resend) and its conversation. */
export const SupportSent = Obj({ conversation: SupportConversation, message: SupportMessage });
export type SupportSent = Static<typeof SupportSent>;

/**
 * What a change of a conversation carries on either side's socket: its kind, the conversation as that side
 * sees it, the new message (`message`) or how far the other side read (`upToId`, for `read`).
 */
const supportChange = <C extends TSchema>(conversation: C) => ({
  kind: OneOf(['message', 'read', 'assigned', 'closed'] as const),
  conversation,
  message: T.Optional(SupportMessage),
  upToId: T.Optional(T.String()),
});

/**
 * Exchange-socket message (beside `holtOrder`, `pendingOrder`, `notification`) sent to the trader's sockets
 * (a visitor's: its ticketed socket) after the change committed: `message` a new message of either side,
 * `read` the operator read the trader's messages up to `upToId`, `assigned` an operator took it, `closed`.
 * After a reconnect a client fetches `conversation` with its last id as `afterId`: nothing is lost or doubled.
 */
export const ExchangeSupportMessage = Obj({
  ordertype: OneOf(['support'] as const),
  ...supportChange(SupportConversation),
});
export type ExchangeSupportMessage = Static<typeof ExchangeSupportMessage>;

/** The first message on a visitor's socket once its ticket was accepted: the channel is live (re-fetch now). */
export const ExchangeSupportReady = Obj({ ordertype: OneOf(['supportReady'] as const) });
export type ExchangeSupportReady = Static<typeof ExchangeSupportReady>;

const TAG = 'support';
const ADMIN_TAG = 'admin';
const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
const AfterId = () => ({ afterId: T.Optional(Id()) });
const SendInput = () =>
  Obj({
    text: T.Optional(Text()),
    clientId: ClientId(),
    image: T.Optional(File()),
  });
const SEND_CODES = [Code.INCORRECT_PARAMETER, Code.UPLOAD_EMPTY, Code.TOO_FREQUENT] as const;
const SEND_SUMMARY =
  ' (multipart: fields `text` up to 2,000 characters and `clientId`, optional file `image` JPEG/PNG/HEIC up to ' +
  '5 MB). Opens a conversation when none is open. A resend with the same clientId answers the stored message ' +
  'and stores nothing. 1110 beyond 20 messages a minute; 1001 for empty, too long or control characters';

export const SupportConversationGet = endpoint({
  service: 'api',
  path: 'waa/support/conversation',
  access: 'protected',
  tag: TAG,
  summary:
    "The caller's latest conversation (open, else the last closed, else null) with its messages after `afterId`",
  input: Obj(AfterId()),
  data: SupportThread,
  codes: [Code.INCORRECT_PARAMETER, ...SESSION_CODES],
});

export const SupportSend = endpoint({
  service: 'api',
  path: 'waa/support/send',
  access: 'protected',
  tag: TAG,
  contentType: 'multipart/form-data',
  summary: 'Write to support' + SEND_SUMMARY,
  input: SendInput(),
  data: SupportSent,
  codes: [...SEND_CODES, ...SESSION_CODES],
});

export const SupportRead = endpoint({
  service: 'api',
  path: 'waa/support/read',
  access: 'protected',
  tag: TAG,
  summary:
    "Mark the operators' messages of the open conversation read up to `upToId`; answers how many changed",
  input: Obj({ upToId: Id() }),
  data: Obj({ read: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER, ...SESSION_CODES],
});

export const SupportImage = resource({
  service: 'api',
  path: 'waa/support/image/{id}',
  access: 'protected',
  tag: TAG,
  summary: "An image of one of the caller's conversations (anyone else's reads as 1008, like a missing one)",
  input: Obj({ id: Id() }),
  produces: ['image/jpeg', 'image/png', 'image/heic'],
});

/** The public root of the visitor calls; the visitor cookie is sent under it and nowhere else (SS7). */
const VISITOR_ROOT = 'wa-na/support';
/** The visitor cookie's `Path`. */
export const SUPPORT_VISITOR_COOKIE_PATH = `${serverUrl('api', VISITOR_ROOT)}/`;

/**
 * Visitors (no account, spec §2: the service page is open): `visitor/start` takes a contact email and sets an
 * HttpOnly, SameSite=Strict cookie holding a random visitor credential, sent only to `/v1/wa-na/support/`;
 * page script never sees it (issue #19). The other visitor calls read it (1002 without a valid one).
 */
export const SupportVisitorStart = endpoint({
  service: 'api',
  path: `${VISITOR_ROOT}/visitor/start`,
  access: 'public',
  tag: TAG,
  credentials: true,
  summary:
    'Start (or resume) a visitor conversation with a contact email; sets the visitor cookie. 1110 beyond 5 ' +
    'starts an hour from one address',
  input: Obj({ email: Str(SUPPORT_EMAIL_MAX, { minLength: 3, format: 'email' }) }),
  data: SupportThread,
  codes: [Code.INCORRECT_PARAMETER, Code.TOO_FREQUENT],
});

const VISITOR_CODES = [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND] as const;

export const SupportVisitorConversation = endpoint({
  service: 'api',
  path: `${VISITOR_ROOT}/visitor/conversation`,
  access: 'public',
  tag: TAG,
  credentials: true,
  summary: "The visitor's latest conversation and its messages after `afterId` (1002 without the cookie)",
  input: Obj(AfterId()),
  data: SupportThread,
  codes: VISITOR_CODES,
});

export const SupportVisitorSend = endpoint({
  service: 'api',
  path: `${VISITOR_ROOT}/visitor/send`,
  access: 'public',
  tag: TAG,
  credentials: true,
  contentType: 'multipart/form-data',
  summary: "Write to support as the cookie's visitor" + SEND_SUMMARY,
  input: SendInput(),
  data: SupportSent,
  codes: [...SEND_CODES, Code.USER_NOT_FOUND],
});

export const SupportVisitorRead = endpoint({
  service: 'api',
  path: `${VISITOR_ROOT}/visitor/read`,
  access: 'public',
  tag: TAG,
  credentials: true,
  summary: "Mark the operators' messages read up to `upToId` (the cookie's visitor)",
  input: Obj({ upToId: Id() }),
  data: Obj({ read: T.Integer({ minimum: 0 }) }),
  codes: VISITOR_CODES,
});

export const SupportVisitorTicket = endpoint({
  service: 'api',
  path: `${VISITOR_ROOT}/visitor/ticket`,
  access: 'public',
  tag: TAG,
  credentials: true,
  summary:
    "A one-time ticket (valid 30 s) for the visitor's live channel: open `/exchange-ws/support-visitor` and " +
    'send `{ "ticket" }` first; the socket then carries `support` messages of the visitor only',
  input: Obj({}),
  data: Obj({ ticket: T.String(), expiresAt: EpochMs() }),
  codes: VISITOR_CODES,
});

export const SupportVisitorImage = resource({
  service: 'api',
  path: `${VISITOR_ROOT}/visitor/image/{id}`,
  access: 'public',
  tag: TAG,
  summary: "An image of the cookie's visitor's conversations (anything else reads as 1008)",
  input: Obj({ id: Id() }),
  produces: ['image/jpeg', 'image/png', 'image/heic'],
});

/** A conversation in the operators' inbox. */
export const AdminSupportConversation = Obj({
  id: T.String(),
  status: OneOf(['open', 'closed'] as const),
  assignedTo: Nullable(T.String({ description: "The operator's display name" })),
  /** Assigned to the caller (the operator, or the admin token's actor). */
  mine: T.Boolean(),
  /** The trader's uid, or null for a visitor. */
  userUid: Nullable(T.String()),
  /** A visitor's contact email, or null for a trader. */
  visitorEmail: Nullable(T.String()),
  createdAt: EpochMs(),
  closedAt: Nullable(EpochMs()),
  lastMessageAt: Nullable(EpochMs()),
  /** The last message's text, cut to 140 characters ('' for an image alone). */
  lastText: T.String(),
  /** Trader messages no operator has read yet. */
  unread: T.Integer({ minimum: 0 }),
});
export type AdminSupportConversation = Static<typeof AdminSupportConversation>;

/**
 * The operators' live inbox (decisions SO1–SO4): a WebSocket at this path, under the admin root so that the
 * operator's HttpOnly session cookie (`Path=/admin/v1`) goes with the upgrade; the upgrade needs that cookie of
 * a live session with the `support` role and an `Origin` of the server's own origin (else HTTP 401 / 403 and no
 * socket). The client sends nothing; the server sends `supportInboxReady` first (re-fetch what may have been
 * missed), then one `supportInbox` per change. The socket closes with 4402 when the session ends.
 */
export const ADMIN_SUPPORT_LIVE_PATH = `${SERVICE_ROOT.admin}/support/live`;

/** First message of the operators' live socket: it is live (re-fetch the list and the open conversation now). */
export const AdminSupportLiveReady = Obj({ ordertype: OneOf(['supportInboxReady'] as const) });
export type AdminSupportLiveReady = Static<typeof AdminSupportLiveReady>;

/**
 * A change of a conversation, sent to every support operator's live socket after it committed: `conversation`
 * is the item as the inbox list would answer it to that operator (`mine` is theirs). `message` (a new message
 * of either side) is carried only to the operators whose boxes hold the conversation (unassigned, or assigned
 * to them); `read` says which side read (`reader`) up to `upToId`; `assigned` and `closed` change its box.
 * A conversation the operator does not know yet is a new one.
 */
export const AdminSupportLiveEvent = Obj({
  ordertype: OneOf(['supportInbox'] as const),
  ...supportChange(AdminSupportConversation),
  reader: T.Optional(OneOf(['trader', 'operator'] as const)),
});
export type AdminSupportLiveEvent = Static<typeof AdminSupportLiveEvent>;

export const SUPPORT_BOXES = ['unassigned', 'mine', 'closed'] as const;
export type SupportBox = (typeof SUPPORT_BOXES)[number];
const ADMIN_CODES = [Code.INCORRECT_PARAMETER, Code.TICKET_NOT_FOUND, Code.STATE_IS_NOT_CORRECT];

export const AdminSupportList = endpoint({
  service: 'admin',
  path: 'support/conversations',
  access: 'admin',
  methods: ['GET'],
  tag: ADMIN_TAG,
  roles: ['support'],
  summary:
    'The inbox: unassigned open conversations (oldest first), mine (open, assigned to the caller, latest ' +
    'message first) or closed (latest first)',
  input: Obj({
    box: T.Optional(OneOf(SUPPORT_BOXES)),
    page: T.Optional(Int(1, 1_000_000, { default: 1 })),
    limit: T.Optional(Int(1, 200, { default: SUPPORT_QUEUE_PAGE_SIZE })),
  }),
  data: Obj({ list: T.Array(AdminSupportConversation), total: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER],
});

export const AdminSupportThread = endpoint({
  service: 'admin',
  path: 'support/conversations/{id}',
  access: 'admin',
  methods: ['GET'],
  tag: ADMIN_TAG,
  roles: ['support'],
  summary: 'A conversation with its messages after `afterId` (ascending, at most 200). 1039 when unknown',
  input: Obj({ id: Id(), ...AfterId() }),
  data: Obj({
    conversation: AdminSupportConversation,
    messages: T.Array(SupportMessage),
    more: T.Boolean(),
  }),
  codes: [Code.INCORRECT_PARAMETER, Code.TICKET_NOT_FOUND],
});

export const AdminSupportAssign = endpoint({
  service: 'admin',
  path: 'support/conversations/{id}/assign',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['support'],
  summary:
    'Take an unassigned open conversation (exactly one of two operators at once wins). 1038 when it is ' +
    "another's or closed (the caller's own answers as it is), 1039 when unknown",
  input: Obj({ id: Id() }),
  data: Obj({ conversation: AdminSupportConversation }),
  codes: ADMIN_CODES,
});

export const AdminSupportReply = endpoint({
  service: 'admin',
  path: 'support/conversations/{id}/reply',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['support'],
  contentType: 'multipart/form-data',
  summary:
    'Reply in a conversation assigned to the caller (multipart: `text`, `clientId`, optional `image`); the ' +
    'trader gets it live, or a 729004 notification when not connected. 1038 when not the caller’s or closed',
  input: Obj({ id: Id(), text: T.Optional(Text()), clientId: ClientId(), image: T.Optional(File()) }),
  data: Obj({ message: SupportMessage }),
  codes: [...ADMIN_CODES, Code.UPLOAD_EMPTY],
});

export const AdminSupportRead = endpoint({
  service: 'admin',
  path: 'support/conversations/{id}/read',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['support'],
  summary: "Mark the trader's messages read up to `upToId` (the trader sees them read). 1039 when unknown",
  input: Obj({ id: Id(), upToId: Id() }),
  data: Obj({ read: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER, Code.TICKET_NOT_FOUND],
});

export const AdminSupportClose = endpoint({
  service: 'admin',
  path: 'support/conversations/{id}/close',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['support'],
  summary:
    'Close an open conversation assigned to the caller, or an unassigned one. 1038 when closed or another’s, ' +
    '1039 when unknown',
  input: Obj({ id: Id() }),
  data: Obj({ conversation: AdminSupportConversation }),
  codes: ADMIN_CODES,
});

export const AdminSupportImage = resource({
  service: 'admin',
  path: 'support/images/{id}',
  access: 'admin',
  roles: ['support'],
  tag: ADMIN_TAG,
  summary: 'An image of a support message; every opening is audited (1039 as JSON when missing)',
  input: Obj({ id: Id() }),
  produces: ['image/jpeg', 'image/png', 'image/heic'],
});
