/**
 * Web Push (issue #25; ours, not in the spec): a browser that the trader allowed subscribes with the push
 * service its vendor runs, then hands the server that subscription, so that notifications (a price alert that
 * fired, money that arrived…) reach it while no page of the site is open. The server signs each message with
 * its VAPID key (RFC 8292) and encrypts it to the browser's key (RFC 8291); the push service sees neither the
 * text nor who it is for.
 * Registered by `server/src/webpush`, called by the host's "notify me on this device" switch.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { SUPPORTED_LANGUAGES } from './languages';
import { Obj, OneOf, Str, T } from './schema';

/** Browsers one user may have subscribed at once; a further one replaces the least recently subscribed. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Longest push endpoint URL accepted (the vendors' are about 200–500 characters). */
export const PUSH_ENDPOINT_MAX = 1024;

/** Base64url without padding, as `PushSubscription.toJSON()` gives the keys. */
const Base64Url = (min: number, max: number) => Str(max, { pattern: `^[A-Za-z0-9_-]{${min},${max}}$` });

const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
const TAG = 'web push';

export const PushKey = endpoint({
  service: 'api',
  path: 'waa/push/key',
  access: 'protected',
  tag: TAG,
  summary: "The server's VAPID public key (the `applicationServerKey` a browser subscribes with)",
  input: Obj({}),
  data: Obj({ publicKey: T.String({ description: 'Uncompressed P-256 point, base64url' }) }),
  codes: [...SESSION_CODES],
});

export const PushSubscribe = endpoint({
  service: 'api',
  path: 'waa/push/subscribe',
  access: 'protected',
  tag: TAG,
  summary:
    "Keeps this browser's push subscription for the user (1001 for an endpoint that is not a known push service)",
  input: Obj({
    endpoint: Str(PUSH_ENDPOINT_MAX),
    /** The browser's P-256 public key (65 bytes, 87 characters). */
    p256dh: Base64Url(87, 87),
    /** The browser's 16-byte authentication secret (22 characters). */
    auth: Base64Url(22, 22),
    /** The page's language: the pushes are phrased in it. */
    lang: OneOf(SUPPORTED_LANGUAGES),
  }),
  data: Obj({}),
  codes: [Code.INCORRECT_PARAMETER, ...SESSION_CODES],
});

export const PushUnsubscribe = endpoint({
  service: 'api',
  path: 'waa/push/unsubscribe',
  access: 'protected',
  tag: TAG,
  summary: "Forgets this browser's push subscription (nothing happens for an endpoint the user has not)",
  input: Obj({ endpoint: Str(PUSH_ENDPOINT_MAX) }),
  data: Obj({}),
  codes: [...SESSION_CODES],
});
