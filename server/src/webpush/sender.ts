/**
 * Sends one push message to one browser's push service (RFC 8030): the encrypted body, the VAPID
 * authorization, how long the service may keep it for a browser that is offline, and how urgent it is.
 * Redirects are never followed and each request has a deadline, so a slow or hostile endpoint cannot hold
 * the server (endpoints.ts keeps them to the push services).
 */
import { encryptPush } from './encrypt';
import { isAllowedEndpoint } from './endpoints';
import type { Subscription } from './repo';
import { vapidAuthorization, type VapidKeys } from './vapid';

/** How long a push service may hold a message for a browser that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Deadline of one request to a push service. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;

/** What the service worker receives (JSON, encrypted): it shows `title` and `body`, and opens `url`. */
export interface PushPayload {
  /** The notification's id: the tag that keeps one browser notification per notification. */
  id: string;
  alarmType: number;
  title: string;
  body: string;
  /** The site path a click opens. */
  url: string;
}

/** The outcome the subscription's row records (repo.ts `recordDelivery`). */
export type Delivery = 'sent' | 'failed' | 'gone';

/** What sending needs besides the message. */
export interface SendContext {
  keys: VapidKeys;
  subject: string;
  origins: readonly string[];
  now: number;
  urgency: 'normal' | 'high';
}

/** Sends `payload` to the subscription's endpoint; answers what became of it (never throws). */
export async function sendPush(
  subscription: Subscription,
  payload: PushPayload,
  context: SendContext,
): Promise<{ delivery: Delivery; status: number | null }> {
  // Checked again at send time: WEB_PUSH_ORIGINS may have narrowed since the browser subscribed.
  if (!isAllowedEndpoint(subscription.endpoint, context.origins)) return { delivery: 'gone', status: null };
  const body = encryptPush(Buffer.from(JSON.stringify(payload)), subscription);
  try {
    const response = await fetch(subscription.endpoint, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
      headers: {
        authorization: vapidAuthorization(context.keys, subscription.endpoint, context.subject, context.now),
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: String(PUSH_TTL_SECONDS),
        urgency: context.urgency,
      },
      body: new Uint8Array(body),
    });
    await response.body?.cancel();
    // 404 and 410: the browser unsubscribed or the subscription expired; it will not come back.
    if (response.status === 404 || response.status === 410)
      return { delivery: 'gone', status: response.status };
    return { delivery: response.ok ? 'sent' : 'failed', status: response.status };
  } catch {
    return { delivery: 'failed', status: null };
  }
}
