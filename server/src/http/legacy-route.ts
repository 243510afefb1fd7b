import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Envelope } from '../../../src/core/contract/envelope';

/** A JSON schema as Fastify takes it. */
export type JsonSchema = Record<string, unknown>;

/** An object schema whose unknown properties are stripped by validation (Ajv `removeAdditional`). */
export function objectSchema(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The `{ code, msg, data }` response schema around a data schema (extra top-level fields optional). */
export function envelopeSchema(data: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    properties: { code: { type: 'integer' }, msg: { type: 'string' }, data, ...extra },
    required: ['code', 'msg', 'data'],
  };
}

/** One envelope route: schema and handler in one object. */
export interface ApiRoute<Input, Data> {
  url: string;
  /** POST always; with 'GET' the same route also answers GET, reading the input from the query string. */
  methods?: Array<'POST' | 'GET'>;
  /** Object schema of the input: the JSON body of a POST, the query string of a GET. */
  input?: JsonSchema;
  /** Object schema of query parameters read on every method (e.g. `brand`). */
  query?: JsonSchema;
  params?: JsonSchema;
  /** Schema of `data` on success; the response is serialised (and filtered) by it. */
  data?: JsonSchema;
  summary?: string;
  preHandler?: preHandlerAsyncHookHandler;
  /** Returns `ok(data)`; failures are thrown as `BusinessError` (the error handler answers `fail(code)`). */
  handler: (input: Input, request: FastifyRequest, reply: FastifyReply) => Promise<Envelope<Data>>;
}

const EMPTY = objectSchema({});

function mergeObjects(a: JsonSchema, b: JsonSchema): JsonSchema {
  const props = (s: JsonSchema) => (s.properties ?? {}) as Record<string, JsonSchema>;
  const req = (s: JsonSchema) => (s.required ?? []) as string[];
  return objectSchema({ ...props(a), ...props(b) }, [...req(a), ...req(b)]);
}

/** Registers an envelope route: validated, stripped input in, `{ code, msg, data }` out. */
export function apiRoute<Input = Record<string, never>, Data = unknown>(
  app: FastifyInstance,
  route: ApiRoute<Input, Data>,
): void {
  const input = route.input ?? EMPTY;
  const query = route.query ?? EMPTY;
  const response = route.data ? { 200: envelopeSchema(route.data) } : undefined;
  const common = { url: route.url, ...(route.preHandler ? { preHandler: route.preHandler } : {}) };
  const summary = route.summary ? { summary: route.summary } : {};
  const params = route.params ? { params: route.params } : {};
  app.route({
    ...common,
    method: 'POST',
    schema: { ...summary, ...params, body: input, querystring: query, response },
    handler: (request, reply) => route.handler(request.body as Input, request, reply),
  });
  if (route.methods?.includes('GET')) {
    app.route({
      ...common,
      method: 'GET',
      schema: { ...summary, ...params, querystring: mergeObjects(query, input), response },
      handler: (request, reply) => route.handler(request.query as Input, request, reply),
    });
  }
}
