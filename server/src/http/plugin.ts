import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, fail } from './envelope';
import { requestOrigin } from './origin';
import { isApiPath } from './paths';
import { unconfiguredGuards } from './route';

declare module 'fastify' {
  interface FastifyRequest {
    /** Origin the client reached us on (the configured public origin when set). */
    readonly publicOrigin: string;
  }
}

/** Options of the `http` plugin. */
export interface HttpPluginOptions {
  /** Fixed public origin (`PUBLIC_ORIGIN`); otherwise derived per request. */
  publicOrigin?: string;
}

const INCORRECT_URL = 1009;
const HSTS = 'max-age=31536000; includeSubDomains';
const FRAME_ANCESTORS = /(?:^|;)\s*frame-ancestors\s+([^;]*)/i;

/**
 * Framing headers of an HTML response. Unless the route declared its own `frame-ancestors` (a page meant to
 * be framed, such as the support desk in the host's dialog), the page cannot be framed at all: the directive
 * is appended to the route's policy (or makes the whole policy) and X-Frame-Options says DENY for browsers
 * that know only that header. A page framed by its own origin only gets SAMEORIGIN.
 */
export function framingHeaders(policy: string): { csp: string; xfo: string | null } {
  const declared = FRAME_ANCESTORS.exec(policy)?.[1]?.trim();
  if (declared === undefined) {
    const csp = policy.trim().replace(/;?\s*$/, '');
    return { csp: csp ? `${csp}; frame-ancestors 'none'` : "frame-ancestors 'none'", xfo: 'DENY' };
  }
  if (declared === "'none'") return { csp: policy, xfo: 'DENY' };
  return { csp: policy, xfo: declared === "'self'" ? 'SAMEORIGIN' : null };
}

const SERVER_ERROR = { code: Code.UNKNOWN, msg: 'Server error', data: null };

/** The body of an error never goes through a route's response schema (which describes success data). */
const sendJson = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);

function handleError(error: FastifyError | BusinessError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof BusinessError) {
    request.log.debug({ code: error.code }, 'business error');
    return sendJson(reply, 200, fail(error.code, error.message));
  }
  const status = error.statusCode ?? 500;
  if (error.validation || (status === 400 && error.code?.startsWith('FST_ERR_CTP_'))) {
    request.log.info({ validation: error.validation, code: error.code }, 'invalid request');
    return sendJson(reply, 200, fail(Code.INCORRECT_PARAMETER));
  }
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, status }, error.message);
    return sendJson(reply, status, fail(status === 404 ? INCORRECT_URL : Code.INCORRECT_PARAMETER));
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendJson(reply, status >= 500 && status < 600 ? status : 500, SERVER_ERROR);
}

/**
 * Cross-cutting HTTP behaviour: the one error handler (envelope codes, no internals in bodies), the API 404,
 * a JSON parser that takes an empty body as `{}`, `request.publicOrigin` and baseline security headers.
 */
export const httpPlugin = fp<HttpPluginOptions>(
  async (app, options) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, {});
      parseJson(request, body as string, done);
    });
    // A bodiless POST (no content type) is validated as an empty object, like the empty JSON body above.
    app.addHook('preValidation', async (request) => {
      if (request.method === 'POST' && request.body === undefined) request.body = {};
    });

    app.decorate('accessGuards', unconfiguredGuards());

    app.decorateRequest('publicOrigin', {
      getter(this: FastifyRequest) {
        return requestOrigin(this, options.publicOrigin);
      },
    });

    // Every HTML page, whichever route serves it, refuses to be framed (clickjacking) unless it says otherwise;
    // scripts and other files stay embeddable.
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff');
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
        reply.header('referrer-policy', 'strict-origin-when-cross-origin');
        const { csp, xfo } = framingHeaders(String(reply.getHeader('content-security-policy') ?? ''));
        reply.header('content-security-policy', csp);
        if (xfo) reply.header('x-frame-options', xfo);
      }
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      return payload;
    });

    app.setErrorHandler(handleError);
    app.setNotFoundHandler((request, reply) => {
      if (isApiPath(request.url)) return sendJson(reply, 404, fail(INCORRECT_URL));
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    });
  },
  { name: 'http', fastify: '5.x' },
);
