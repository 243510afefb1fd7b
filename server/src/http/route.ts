/**
 * Routes from contract declarations (src/core/contract): one call registers the endpoint's URL(s), methods,
 * access check, input validation (unknown fields stripped), the `{ code, msg, data }` response schema and the
 * OpenAPI entry, all from the one object the browser calls through.
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Envelope } from '../../../src/core/contract/envelope';
import { Code, SERVER_CODES, isServerCode } from '../../../src/core/contract/codes';
import {
  pathParams,
  serverUrl,
  type Access,
  type DataOf,
  type Endpoint,
  type InputOf,
  type Resource,
} from '../../../src/core/contract/endpoint';
import { Obj, Str, T, type Static, type TSchema } from '../../../src/core/contract/schema';
import { adminAuditOf, AuditMissingError, isAction, type AdminAudit } from './admin-audit';
import { BusinessError } from './envelope';
import {
  bufferedParts,
  IDEMPOTENCY_HEADER,
  noAnswerRecorder,
  withIdempotency,
  type AnswerRecorder,
} from './idempotency';
import { JsonTooDeep } from './json-body';
import { readingParts } from './multipart';

/** What a handler gets besides its input (`D`: the data of its success answer). */
export interface RouteContext<D = unknown> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** True on the endpoint's Mock path (spec §6: the demo account). */
  mock: boolean;
  /**
   * The audit writer of an admin route (`access: 'admin'`): a state-changing admin call does its work in
   * `audit.transaction` with its one audit row; an error on any other route.
   */
  audit: AdminAudit;
  /**
   * The answer writer of an idempotent route (`idempotent: true`): its handler records its success answer in
   * the transaction of its money effect, before that commits (issue #24, IK1); an error on any other route.
   */
  answer: AnswerRecorder<D>;
}

/**
 * Runs an admin handler; a state-changing admin call that committed no audited transaction (or several) is a
 * programming error: its answer is HTTP 500, and the route test of every admin route (admin/audit-routes.test.ts)
 * finds it.
 */
async function audited<T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  const result = await run();
  const committed = adminAuditOf(request).committed;
  // A refusal the handler answers itself (HTTP 401 without a session) did nothing to audit.
  if (isAction(request.method) && reply.statusCode < 400 && committed !== 1) {
    throw new AuditMissingError(`${request.method} ${request.routeOptions.url}`, committed);
  }
  return result;
}

/** The context's `audit` on a route that is not an admin route: using it is an error. */
function auditOf(request: FastifyRequest, admin: boolean): AdminAudit {
  return admin
    ? adminAuditOf(request)
    : {
        actor: '',
        committed: 0,
        transaction: () => Promise.reject(new Error(`${request.url}: audit outside an admin route`)),
      };
}

/** A handler answers `ok(data)` (or `ok(data, extra)`); failures are thrown as `BusinessError`. */
export type Handler<E extends Endpoint> = (
  input: InputOf<E>,
  context: RouteContext<DataOf<E>>,
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
  /**
   * Reads the header token, else the body's `token`: route() runs it on request when the header carries a
   * token (before the body is read) and after parsing only for a caller without one.
   */
  exchange: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  admin: onRequestAsyncHookHandler;
}

/** `?brand=` is accepted on every route (the header `x-tk-brand` works too). */
const BRAND_QUERY = { brand: T.Optional(Str(64)) };
/** The query string of a POST route: the brand alone. */
const BRAND_ONLY_QUERY = Obj(BRAND_QUERY);

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

/** The body refusals of the parser: over the route's body limit, or nested too deep (json-body.ts). */
const isBodyLimitRefusal = (error: FastifyError) =>
  error instanceof JsonTooDeep || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';

/**
 * Access hooks of a route (issue #19 item 5: a token is checked before the body is read). `protected` and
 * `admin` check theirs on request. `exchange` takes the token from the Authorization header or, as older
 * clients send it, from the body's `token` (spec §7): a header token is checked on request as well, so a
 * caller with a bad one never has the body read; only a caller without a header has the body read, within
 * the route's limits, for its token. A body refused at those limits cannot carry a token, so it answers the
 * token failure (HTTP 401) as a missing token does; an authenticated caller gets the refusal (1001).
 */
function accessHooks(access: Access, guards: AccessGuards) {
  if (access === 'protected') return { onRequest: guards.protected };
  if (access === 'admin') return { onRequest: guards.admin };
  if (access !== 'exchange') return {};
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization?.trim()) return guards.exchange(request, reply);
    },
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.auth) return guards.exchange(request, reply);
    },
    // Other errors go on to the app's error handler (a route's handler rethrows to its parent).
    errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (isBodyLimitRefusal(error) && !request.auth) return guards.exchange(request, reply);
      throw error;
    },
  };
}

/** A larger body limit the declaration asks for (json-body.ts has the default). */
const bodyLimitOf = (declared: { bodyLimit?: number }) =>
  declared.bodyLimit ? { bodyLimit: declared.bodyLimit } : {};

function mergeProps(a: TSchema, b: Record<string, TSchema>): TSchema {
  const props = ((a as { properties?: Record<string, TSchema> }).properties ?? {}) as Record<string, TSchema>;
  const required = ((a as { required?: string[] }).required ?? []) as string[];
  return { ...Obj({ ...props, ...b }), required } as TSchema;
}

/** The schemas a declaration's routes validate their input with. */
interface InputSchemas extends SplitInput {
  /** The query string of a GET route: the rest and the brand. */
  query: TSchema;
}

const inputSchemas = new WeakMap<object, InputSchemas>();

/**
 * The input schemas of a declaration, made once per declaration object. Ajv keeps what it compiled per schema
 * object, so a second app of the same process (the server test files share their modules, TR7) validates with
 * what the first compiled instead of compiling every route's schemas again (TR18).
 */
function inputSchemasOf(declared: { input: TSchema; path: string }): InputSchemas {
  let schemas = inputSchemas.get(declared);
  if (!schemas) {
    const { params, rest } = splitInput(declared.input, declared.path);
    schemas = { params, rest, query: mergeProps(rest, BRAND_QUERY) };
    inputSchemas.set(declared, schemas);
  }
  return schemas;
}

/** Registers an endpoint (and its Mock path) on `app`. */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  const { params, rest, query } = inputSchemasOf(endpoint);
  const response = { 200: envelopeOf(endpoint.data, endpoint.extra) };
  const guards = app.accessGuards;
  const access = endpoint.access;
  if (endpoint.idempotent && access !== 'protected' && access !== 'exchange') {
    throw new Error(`${endpoint.path}: only a user's endpoints are idempotent (keys are per user)`);
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
    const { preHandler: exchangeBodyToken, ...onAccess } = accessHooks(access, guards);
    const hooks = {
      ...onAccess,
      preHandler: exchangeBodyToken
        ? [exchangeBodyToken, checkMode]
        : access === 'protected'
          ? [checkMode]
          : [],
    };
    const base = {
      summary: endpoint.summary,
      ...(endpoint.codes.length ? { description: `Codes besides 0: ${codesText(endpoint.codes)}` } : {}),
      tags: [endpoint.tag ?? endpoint.service],
      ...(params ? { params } : {}),
      response,
      // OpenAPI only (server/src/docs/openapi.ts shows the Idempotency-Key header from it).
      ...(endpoint.idempotent ? { idempotent: endpoint.idempotent } : {}),
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
          ? { ...base, ...body, querystring: BRAND_ONLY_QUERY }
          : { ...base, querystring: query };
      typed.route({
        method,
        url,
        schema,
        // The admin guard reads which operator roles may call the route.
        ...(endpoint.roles ? { config: { roles: endpoint.roles } } : {}),
        ...bodyLimitOf(endpoint),
        ...hooks,
        handler: (request, reply) => {
          const source = method === 'POST' ? request.body : request.query;
          const { brand: _brand, ...fields } = (source ?? {}) as Record<string, unknown>;
          const given = input(request, method === 'POST' ? source : fields);
          const admin = access === 'admin';
          const handle = (answer: AnswerRecorder<DataOf<E>>) => () =>
            handler(given, { request, reply, mock, audit: auditOf(request, admin), answer });
          // A malformed multipart body fails inside the handler's reading of the parts: 1001, never 500.
          const running = (answer: AnswerRecorder<DataOf<E>>) =>
            multipart ? () => readingParts(request, handle(answer)) : handle(answer);
          // An optional key (order placement, IK6) makes the request idempotent only when it is sent.
          const keyed =
            endpoint.idempotent === true ||
            (endpoint.idempotent === 'optional' && request.headers[IDEMPOTENCY_HEADER] !== undefined);
          if (!keyed) {
            const run = running(noAnswerRecorder(url));
            return admin ? audited(request, reply, run) : run();
          }
          // A multipart body is read by its route's preValidation hook: its fields and files stand for it. An
          // exchange call's body token is left out: a retry after a token refresh is the same submission.
          const { token: _token, ...untokened } = given as Record<string, unknown>;
          const fingerprint = multipart ? bufferedParts(request) : access === 'exchange' ? untokened : given;
          const options = { db: app.db, now: () => app.clock.now(), leaseMs: app.config.idempotencyLeaseMs };
          return withIdempotency(options, request, reply, path, fingerprint, (answer) =>
            running(answer as AnswerRecorder<DataOf<E>>)(),
          );
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
  const { params, rest, query } = inputSchemasOf(declared);
  const hooks = accessHooks(declared.access, app.accessGuards);
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
      ...bodyLimitOf(declared),
      schema: method === 'GET' ? { ...base, querystring: query } : { ...base, body: rest },
      ...hooks,
      handler: (request, reply) => {
        const source = (method === 'GET' ? request.query : request.body) ?? {};
        const { brand: _brand, ...fields } = source as Record<string, unknown>;
        const run = async () =>
          handler({ ...fields, ...(request.params as object) } as Static<R['input']>, request, reply);
        return declared.access === 'admin' ? audited(request, reply, run) : run();
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
