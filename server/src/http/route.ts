/**
 * Routes from contract declarations (src/core/contract): one call registers the endpoint's URL(s), methods,
 * access check, input validation (unknown fields stripped), the `{ code, msg, data }` response schema and the
 * OpenAPI entry, all from the one object the browser calls through.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Envelope } from '../../../src/core/contract/envelope';
import { Code, SERVER_CODES, isServerCode } from '../../../src/core/contract/codes';
import {
  pathParams,
  serverUrl,
  type DataOf,
  type Endpoint,
  type InputOf,
  type Resource,
} from '../../../src/core/contract/endpoint';
import { Obj, Str, T, type Static, type TSchema } from '../../../src/core/contract/schema';
import { BusinessError } from './envelope';
import { withIdempotency } from './idempotency';

/** What a handler gets besides its input. */
export interface RouteContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** True on the endpoint's Mock path (spec §6: the demo account). */
  mock: boolean;
}

/** A handler answers `ok(data)` (or `ok(data, extra)`); failures are thrown as `BusinessError`. */
export type Handler<E extends Endpoint> = (
  input: InputOf<E>,
  context: RouteContext,
) => Promise<Envelope<DataOf<E>>>;

/** Guards by access kind, decorated on the app by the modules that own them (auth, admin). */
declare module 'fastify' {
  interface FastifyInstance {
    /** Access checks of the contract's access kinds; `exchange` takes the token from the header or the body. */
    accessGuards: AccessGuards;
  }
}

export interface AccessGuards {
  protected: onRequestAsyncHookHandler;
  /** Runs after the body is parsed (the exchange token may come in the body). */
  exchange: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  admin: onRequestAsyncHookHandler;
}

/** `?brand=` is accepted on every route (the header `x-tk-brand` works too). */
const BRAND_QUERY = { brand: T.Optional(Str(64)) };

/** "604 trading pair does not exist; 1001 incorrect parameter" for the OpenAPI description. */
function codesText(codes: readonly number[]): string {
  return [...new Set(codes)]
    .map((code) => `${code} ${isServerCode(code) ? SERVER_CODES[code] : ''}`.trim())
    .join('; ');
}

/** The envelope schema around a data schema. */
export function envelopeOf(data: TSchema, extra: Record<string, TSchema> = {}): TSchema {
  return T.Object({ code: T.Integer(), msg: T.String(), data, ...extra });
}

interface SplitInput {
  params: TSchema | undefined;
  rest: TSchema;
}

/** Splits an object schema into the path segments' part and the rest (body or query). */
function splitInput(input: TSchema, path: string): SplitInput {
  const names = pathParams(path);
  if (names.length === 0) return { params: undefined, rest: input };
  const props = ((input as { properties?: Record<string, TSchema> }).properties ?? {}) as Record<
    string,
    TSchema
  >;
  const required = new Set(((input as { required?: string[] }).required ?? []) as string[]);
  const params: Record<string, TSchema> = {};
  const rest: Record<string, TSchema> = {};
  for (const [name, schema] of Object.entries(props)) {
    if (names.includes(name)) params[name] = schema;
    else rest[name] = required.has(name) ? schema : T.Optional(schema);
  }
  return { params: Obj(params), rest: Obj(rest) };
}

function mergeProps(a: TSchema, b: Record<string, TSchema>): TSchema {
  const props = ((a as { properties?: Record<string, TSchema> }).properties ?? {}) as Record<string, TSchema>;
  const required = ((a as { required?: string[] }).required ?? []) as string[];
  return { ...Obj({ ...props, ...b }), required } as TSchema;
}

/** Registers an endpoint (and its Mock path) on `app`. */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  const { params, rest } = splitInput(endpoint.input, endpoint.path);
  const response = { 200: envelopeOf(endpoint.data, endpoint.extra) };
  const guards = app.accessGuards;
  const access = endpoint.access;
  if (endpoint.idempotent && access !== 'protected') {
    throw new Error(`${endpoint.path}: only protected endpoints are idempotent (keys are per user)`);
  }
  const variants: Array<{ path: string; mock: boolean }> = [{ path: endpoint.path, mock: false }];
  if (endpoint.mockPath) variants.push({ path: endpoint.mockPath, mock: true });

  for (const { path, mock } of variants) {
    const url = serverUrl(endpoint.service, path);
    const checkMode = async (request: FastifyRequest) => {
      // A token of the other account mode gets 501 "incorrect parameter" (the real path is never the demo's).
      if (endpoint.mockPath && request.auth && request.auth.virtual !== mock) {
        throw new BusinessError(Code.ORDER_PARAMETER);
      }
    };
    const hooks = {
      ...(access === 'protected' ? { onRequest: guards.protected } : {}),
      ...(access === 'admin' ? { onRequest: guards.admin } : {}),
      preHandler:
        access === 'exchange' ? [guards.exchange, checkMode] : access === 'protected' ? [checkMode] : [],
    };
    const base = {
      summary: endpoint.summary,
      ...(endpoint.codes.length ? { description: `Codes besides 0: ${codesText(endpoint.codes)}` } : {}),
      tags: [endpoint.tag ?? endpoint.service],
      ...(params ? { params } : {}),
      response,
      // OpenAPI only (server/src/docs/openapi.ts shows the Idempotency-Key header from it).
      ...(endpoint.idempotent ? { idempotent: true } : {}),
      ...(access === 'public' ? {} : { security: [{ [access === 'admin' ? 'admin' : 'bearer']: [] }] }),
    };
    const typed = app.withTypeProvider<TypeBoxTypeProvider>();
    const input = (request: FastifyRequest, source: unknown) =>
      ({ ...(source as object), ...(request.params as object) }) as InputOf<E>;
    // A multipart body is streamed by the handler (files never sit in memory): the parts are checked as
    // they are read, so only the JSON bodies are validated here.
    const multipart = endpoint.contentType === 'multipart/form-data';
    const body = multipart ? {} : { body: rest };
    for (const method of endpoint.methods) {
      const schema =
        method === 'POST'
          ? { ...base, ...body, querystring: Obj(BRAND_QUERY) }
          : { ...base, querystring: mergeProps(rest, BRAND_QUERY) };
      typed.route({
        method,
        url,
        schema,
        // The admin guard reads which operator roles may call the route.
        ...(endpoint.roles ? { config: { roles: endpoint.roles } } : {}),
        ...hooks,
        handler: (request, reply) => {
          const source = method === 'POST' ? request.body : request.query;
          const { brand: _brand, ...fields } = (source ?? {}) as Record<string, unknown>;
          const given = input(request, method === 'POST' ? source : fields);
          const run = () => handler(given, { request, reply, mock });
          if (!endpoint.idempotent) return run();
          // A multipart body is streamed by the handler, after the key is reserved: its length stands for it
          // (a repeat of the same submission has the same length; another amount or image has another).
          const fingerprint = multipart
            ? { multipartLength: request.headers['content-length'] ?? null }
            : given;
          return withIdempotency(app.db, request, reply, path, fingerprint, run);
        },
      });
    }
  }
}

/** Registers a resource (a route that answers a page, a file or plain JSON instead of the envelope). */
export function resourceRoute<R extends Resource>(
  app: FastifyInstance,
  declared: R,
  handler: (input: Static<R['input']>, request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  const { params, rest } = splitInput(declared.input, declared.path);
  const guards = app.accessGuards;
  const hooks =
    declared.access === 'protected'
      ? { onRequest: guards.protected }
      : declared.access === 'admin'
        ? { onRequest: guards.admin }
        : declared.access === 'exchange'
          ? { preHandler: guards.exchange }
          : {};
  const base = {
    summary: declared.summary,
    tags: [declared.tag ?? declared.service],
    ...(params ? { params } : {}),
    // OpenAPI: what a successful answer is (the generator reads `produces` from here).
    produces: [...declared.produces],
    // OpenAPI only: the schema of a JSON answer (Fastify does not serialise the reply with it).
    ...(declared.answer ? { answer: declared.answer } : {}),
    ...(declared.access === 'public'
      ? {}
      : { security: [{ [declared.access === 'admin' ? 'admin' : 'bearer']: [] }] }),
  };
  for (const method of declared.methods) {
    app.route({
      method,
      url: serverUrl(declared.service, declared.path),
      ...(declared.roles ? { config: { roles: declared.roles } } : {}),
      schema:
        method === 'GET' ? { ...base, querystring: mergeProps(rest, BRAND_QUERY) } : { ...base, body: rest },
      ...hooks,
      handler: (request, reply) => {
        const source = (method === 'GET' ? request.query : request.body) ?? {};
        const { brand: _brand, ...fields } = source as Record<string, unknown>;
        return handler({ ...fields, ...(request.params as object) } as Static<R['input']>, request, reply);
      },
    });
  }
}

/** Guards that refuse until the module owning an access kind installs its own (auth, admin). */
export function unconfiguredGuards(): AccessGuards {
  const missing = (kind: string) => async () => {
    throw new Error(`no guard installed for '${kind}' endpoints`);
  };
  return { protected: missing('protected'), exchange: missing('exchange'), admin: missing('admin') };
}
