/**
 * The operations of an OpenAPI 3.1 document as the fuzz suite needs them: where to send, what each input
 * part's schema is, who may call, and what a successful answer must look like. Generic: every operation the
 * document lists is read, so routes join the suite as they join the document.
 */

/** A JSON schema as the document holds it. */
export type Schema = Record<string, unknown>;

/** One query or path parameter. */
export interface Parameter {
  name: string;
  required: boolean;
  schema: Schema;
}

/** Who may call an operation, from its `security` requirement. */
export type Security = 'public' | 'bearer' | 'admin';

export interface Operation {
  /** "POST /v1/wa-na/login" */
  id: string;
  method: 'GET' | 'POST';
  /** OpenAPI path with `{name}` segments. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** Body schema and its media type (POST only). */
  body: { schema: Schema; contentType: string } | null;
  security: Security;
  /** The declared schema of a successful JSON answer (HTTP 200), or null when none is declared. */
  response: Schema | null;
  /** True when `response` is the `{ code, msg, data }` envelope. */
  envelope: boolean;
}

interface RawParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface RawOperation {
  parameters?: RawParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: Array<Record<string, unknown>>;
}

/** Whether a response schema is the envelope: an object with `code`, `msg` and `data`. */
export function isEnvelopeSchema(schema: Schema | null): boolean {
  if (!schema || schema.type !== 'object') return false;
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  return 'code' in props && 'msg' in props && 'data' in props;
}

/** Every GET/POST operation of the document, in document order. */
export function operationsOf(document: Record<string, unknown>): Operation[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, RawOperation>>;
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(paths)) {
    for (const [method, raw] of Object.entries(byMethod)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const parameters = raw.parameters ?? [];
      const param = (p: RawParameter): Parameter => ({
        name: p.name,
        required: p.required === true || p.in === 'path',
        schema: p.schema ?? {},
      });
      const content = raw.requestBody?.content ?? {};
      const [contentType, media] = Object.entries(content)[0] ?? [];
      const response = raw.responses?.['200']?.content?.['application/json']?.schema ?? null;
      const schemes = (raw.security ?? []).flatMap((requirement) => Object.keys(requirement));
      operations.push({
        id: `${upper} ${path}`,
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map(param),
        query: parameters.filter((p) => p.in === 'query').map(param),
        body: contentType ? { schema: media?.schema ?? {}, contentType } : null,
        // Routes not yet declared through the contract carry no security: the admin API is known by its root.
        security:
          schemes.includes('admin') || path.startsWith('/admin/')
            ? 'admin'
            : schemes.length > 0
              ? 'bearer'
              : 'public',
        response,
        envelope: isEnvelopeSchema(response),
      });
    }
  }
  return operations;
}
