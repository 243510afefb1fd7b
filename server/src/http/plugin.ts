import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, fail } from './envelope';
import { boundedJsonParser } from './json-body';
import { requestOrigin } from './origin';
import { pagePolicy } from './page-policy';
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

/**
 * The standard headers @fastify/helmet sends on every response (CS1). Content-Security-Policy is ours, on HTML
 * only (`pagePolicy` and the framing rule), so is X-Frame-Options; HSTS is sent by the onSend hook on HTTPS
 * requests only. Cross-Origin-Resource-Policy is same-origin except where a route lets partner pages load the
 * file (widget code, assets, brand images: `cross-origin`, set by those routes).
 */
const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: false,
  xFrameOptions: false,
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
} as const;

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

/** Arrays and dictionaries (also the null-prototype ones the query-string parser makes), not files. */
const isPlain = (value: object) => {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/**
 * True when a parsed input (plain objects, arrays and scalars; files and buffers are not walked) holds a
 * string or key with a NUL byte, or a number that is not finite or beyond ±2^53. Iterative: a deeply nested
 * body cannot exhaust the stack.
 */
export function hasUnsafeValue(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return true;
    } else if (value !== null && typeof value === 'object' && isPlain(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Errors Fastify raises before routing (a malformed percent-encoding in the URL, `FST_ERR_BAD_URL`): HTTP 400
 * with the envelope 1001 on the API roots, plain text elsewhere. A server option (`frameworkErrors`).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, error.message);
  if (isApiPath(request.url)) return sendJson(reply, 400, fail(Code.INCORRECT_PARAMETER));
  return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
}

/**
 * Cross-cutting HTTP behaviour: the one error handler (envelope codes, no internals in bodies), the API 404,
 * a JSON parser that takes an empty body as `{}` and refuses deep nesting unparsed, `request.publicOrigin` and baseline security headers.
 */
export const httpPlugin = fp<HttpPluginOptions>(
  async (app, options) => {
    // Bodies are read within the route's body limit and refused past JSON_MAX_DEPTH before any parsing
    // (issue #19: a deep body under 1 MB used to stall the server while JSON.parse built its tree).
    const parseJson = boundedJsonParser(app.getDefaultJsonParser('error', 'error'));
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
      parseJson(request, body as string, done),
    );
    // A bodiless POST (no content type) is validated as an empty object, like the empty JSON body above.
    // Whatever a route's schema says, a NUL byte (PostgreSQL text cannot hold one) or a number beyond ±2^53
    // (no field needs one; 1e21 overflows a bigint) is refused before validation (issue #10).
    app.addHook('preValidation', async (request) => {
      if (request.method === 'POST' && request.body === undefined) request.body = {};
      if (hasUnsafeValue(request.body) || hasUnsafeValue(request.query) || hasUnsafeValue(request.params)) {
        throw new BusinessError(Code.INCORRECT_PARAMETER);
      }
    });

    app.decorate('accessGuards', unconfiguredGuards());

    app.decorateRequest('publicOrigin', {
      getter(this: FastifyRequest) {
        return requestOrigin(this, options.publicOrigin);
      },
    });

    await app.register(helmet, HELMET_OPTIONS);

    // Every HTML page, whichever route serves it, gets the strict page policy unless its route sent one, and
    // refuses to be framed (clickjacking) unless its policy says otherwise; scripts and other files stay
    // embeddable.
    app.addHook('onSend', async (request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
        const own = reply.getHeader('content-security-policy');
        const policy =
          own === undefined
            ? pagePolicy({
                publicOrigin: request.publicOrigin,
                // Tests may build the http plugin alone, without the app's config.
                marketWs: app.hasDecorator('config') ? app.config.marketWs : undefined,
              })
            : String(own);
        const { csp, xfo } = framingHeaders(policy);
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
