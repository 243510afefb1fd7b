/** `waa/push/key`, `waa/push/subscribe` and `waa/push/unsubscribe` (contract/web-push.ts). */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { PushKey, PushSubscribe, PushUnsubscribe } from '../../../src/core/contract/web-push';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { decodeKeys, encryptPush } from './encrypt';
import { isAllowedEndpoint } from './endpoints';
import { deleteSubscription, saveSubscription } from './repo';
import type { VapidKeys } from './vapid';

/** True when the browser's keys can be encrypted to (a point on the curve, a 16-byte secret). */
function usableKeys(keys: { p256dh: string; auth: string }): boolean {
  try {
    decodeKeys(keys);
    encryptPush(Buffer.alloc(0), keys);
    return true;
  } catch {
    return false;
  }
}

/** Registers the routes; `origins` are the push services allowed besides the vendors'. */
export function webPushRoutes(app: FastifyInstance, keys: VapidKeys, origins: readonly string[]): void {
  route(app, PushKey, async () => ok({ publicKey: keys.publicKey.toString('base64url') }));

  route(app, PushSubscribe, async (input, { request }) => {
    // Never a URL of the server's choosing: only push services (endpoints.ts), and keys it can encrypt to.
    if (!isAllowedEndpoint(input.endpoint, origins) || !usableKeys(input))
      throw new BusinessError(Code.INCORRECT_PARAMETER);
    await saveSubscription(
      app.db,
      {
        userId: request.auth.userId,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
        lang: input.lang,
      },
      app.clock.now(),
    );
    request.log.info({ pushHost: new URL(input.endpoint).host }, 'push subscription saved');
    return ok({});
  });

  route(app, PushUnsubscribe, async (input, { request }) => {
    await deleteSubscription(app.db, request.auth.userId, input.endpoint);
    return ok({});
  });
}
