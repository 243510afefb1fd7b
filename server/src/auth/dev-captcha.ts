import type { FastifyInstance } from 'fastify';
import { DevCaptcha } from '../../../src/core/contract/auth';
import { Code } from '../../../src/core/contract/codes';
import { fail, ok } from '../http/envelope';
import { resourceRoute } from '../http/route';

const MAX_KEPT = 500;

/** Keep an issued captcha text for the dev route, bounded so a long-running dev server does not grow. */
export function rememberDevCaptcha(store: Map<string, string>, uuid: string, text: string): void {
  store.set(uuid, text);
  if (store.size > MAX_KEPT) store.delete(store.keys().next().value as string);
}

/**
 * `GET /dev/captcha/{uuid}`: the text of an issued captcha, so end-to-end tests can pass the image captcha
 * the way a person reads it. Registered only outside production, like the dev outbox.
 */
export function devCaptchaRoute(app: FastifyInstance, store: Map<string, string>): void {
  resourceRoute(app, DevCaptcha, async (input, _request, reply) => {
    const text = store.get(input.uuid);
    if (text === undefined) return reply.code(404).send(fail(Code.DATA_NOT_FOUND));
    return ok({ text });
  });
}
