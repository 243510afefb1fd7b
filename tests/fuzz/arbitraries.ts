/**
 * fast-check arbitraries of an operation's input, from its JSON schemas: VALID inputs (types, enums, bounds,
 * lengths and patterns respected) and INVALID ones (wrong types, huge strings, control characters, special
 * numbers and number-like strings, prototype keys, wrong shapes, missing and extra fields, empty, non-JSON
 * and wrongly typed bodies, bad path segments).
 */
import fc from 'fast-check';
import { malformedMultipartArbs } from './multipart';
import type { Operation, Parameter, Schema } from './operations';

/** Known good values of a field by name (product codes, tokens…), mixed into the valid values. */
export type Hints = Record<string, () => readonly string[]>;

/** One HTTP call of the suite. */
export interface FuzzRequest {
  /** 'valid' or the name of the mutation that made it invalid. */
  kind: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Text, or bytes (multipart bodies with binary parts). */
  payload?: string | Buffer;
}

/** An input before it is written out: path, query and body values. */
interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

const MAX_GENERATED_LENGTH = 24;
const HUGE = 100_000;
const PRINTABLE = fc.string({ unit: 'grapheme-ascii', maxLength: MAX_GENERATED_LENGTH });
const UNICODE = fc.string({ unit: 'grapheme', maxLength: 8 });

/** Special numbers a JSON body can carry. */
export const SPECIAL_NUMBERS = [1e308, -1e308, -0, 1e21, -1e21, 2 ** 53 + 2, 0.1, -1, 0, 4294967296] as const;
/** Strings that coerce badly or overflow a parser. */
export const SPECIAL_STRINGS = [
  'Infinity',
  '-Infinity',
  'NaN',
  '-0',
  '1e21',
  '1e308',
  '0x10',
  ' 12 ',
  '',
  '123456789012345678901234567890.123',
  '-123456789012345678901234567890',
  '0.0000000000000000000000000001',
  'null',
  'true',
  '[]',
  '{}',
] as const;
/** Control characters placed inside otherwise valid strings. */
const CONTROL_CHARS = ['\u0000', '\u0001', '\u001f', '\u007f', '\n', '\r', '\t', '\u0000\u0000'] as const;

const props = (schema: Schema) => (schema.properties ?? {}) as Record<string, Schema>;
const requiredOf = (schema: Schema) => (schema.required ?? []) as string[];
const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];

const decimal = (signed: boolean) =>
  fc
    .tuple(
      fc.constantFrom('', '', '', ...(signed ? ['-'] : [])),
      fc.oneof(fc.constant('0'), fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String)),
      fc.option(fc.stringMatching(/^[0-9]{1,8}$/), { nil: '' }),
    )
    .map(([sign, whole, fraction]) => `${sign}${whole}${fraction ? `.${fraction}` : ''}`);

const LOOKS_DECIMAL = /\\d|\[0-9\]/;

/** A string arbitrary for a string schema: patterns by a small set of generators, then checked. */
function stringArb(schema: Schema, name: string | undefined, hints: Hints): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 64, MAX_GENERATED_LENGTH);
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
  const candidates: Array<fc.Arbitrary<string>> = [
    fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: Math.max(min, max) }),
  ];
  if (pattern && LOOKS_DECIMAL.test(String(schema.pattern))) {
    candidates.push(decimal(String(schema.pattern).startsWith('^-?')), decimal(false));
    candidates.push(fc.stringMatching(/^[0-9]{1,4}$/));
  }
  if (!pattern || !LOOKS_DECIMAL.test(String(schema.pattern))) candidates.push(UNICODE);
  const hinted = name ? hints[name] : undefined;
  const base = fc.oneof(...candidates);
  const withHints = hinted
    ? fc.oneof(
        { weight: 2, arbitrary: base },
        { weight: 3, arbitrary: fc.nat().map((i) => hintAt(hinted(), i)) },
      )
    : base;
  if (!pattern) return withHints.map((s) => s ?? '');
  // A pattern the generators rarely meet still yields a string (it then counts as an invalid input).
  return fc
    .tuple(withHints, withHints, withHints)
    .map((options) => options.find((s) => s !== undefined && pattern.test(s)) ?? options[0] ?? '');
}

/** The `i`-th hint (cycling), or undefined when there is none. */
const hintAt = (values: readonly string[], i: number): string | undefined =>
  values.length ? values[i % values.length] : undefined;

const bigIntRange = (min: number, max: number) =>
  fc
    .bigInt({ min: BigInt(Math.ceil(min)), max: BigInt(Math.floor(max)) })
    .map((n) => Number(n))
    .filter((n) => Number.isSafeInteger(n));

/** A VALID value of `schema`. */
export function validArb(schema: Schema, hints: Hints = {}, name?: string): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const subs = schema[key];
    if (Array.isArray(subs) && subs.length > 0) {
      return fc.oneof(...(subs as Schema[]).map((sub) => validArb(sub, hints, name)));
    }
  }
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArb({ ...schema, type }, hints, name)));
  const type = types[0];
  switch (type) {
    case 'string':
      return stringArb(schema, name, hints);
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -(2 ** 31);
      const max = typeof schema.maximum === 'number' ? schema.maximum : 2 ** 31;
      return fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
        { weight: 3, arbitrary: bigIntRange(min, Math.min(max, min + 1000)) },
        { weight: 2, arbitrary: bigIntRange(min, max) },
      );
    }
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1e9;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1e9;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items ?? {}) as Schema;
      const maxItems = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 4);
      const minItems = typeof schema.minItems === 'number' ? Math.min(schema.minItems, maxItems) : 0;
      return fc.array(validArb(items, hints), { minLength: minItems, maxLength: maxItems });
    }
    case 'object':
      return objectArb(schema, hints);
    default:
      // No type: any JSON scalar.
      return fc.oneof(PRINTABLE, fc.integer(), fc.boolean());
  }
}

function objectArb(schema: Schema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const fields = props(schema);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(fields)) record[key] = validArb(sub, hints, key);
  const requiredKeys = requiredOf(schema).filter((key) => key in fields);
  return fc.record(record, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values of a different JSON type than the schema's. */
function wrongTypeArb(schema: Schema): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(schema));
  const all: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.constantFrom('x', '12', 'true', '')],
    ['integer', fc.constantFrom(7, -7, 0)],
    ['number', fc.constantFrom(1.5, -2.25)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.constantFrom([], ['x'], [1, 2])],
    ['object', fc.constantFrom({}, { a: 1 }, { toString: 'x' })],
  ];
  const others = all.filter(([type]) => !types.has(type) && !(type === 'integer' && types.has('number')));
  return fc.oneof(...(others.length ? others : all).map(([, arb]) => arb));
}

const controlStringArb = (schema: Schema) =>
  fc
    .tuple(
      stringArb({ ...schema, pattern: undefined }, undefined, {}),
      fc.constantFrom(...CONTROL_CHARS),
      fc.nat(),
    )
    .map(([s, c, at]) => {
      const i = s.length ? at % (s.length + 1) : 0;
      return `${s.slice(0, i)}${c}${s.slice(i)}`;
    });

/** Mutations of one field value: name and the bad value it puts there. */
function badValueArb(schema: Schema): fc.Arbitrary<[string, unknown]> {
  return fc.oneof(
    wrongTypeArb(schema).map((v): [string, unknown] => ['wrong-type', v]),
    fc.constant<[string, unknown]>(['huge-string', 'x'.repeat(HUGE)]),
    controlStringArb(schema).map((v): [string, unknown] => ['control-char', v]),
    fc.constantFrom(...SPECIAL_NUMBERS).map((v): [string, unknown] => ['special-number', v]),
    fc.constantFrom(...SPECIAL_STRINGS).map((v): [string, unknown] => ['special-string', v]),
    fc.constantFrom({ a: 'b' }, { __proto__: null }).map((v): [string, unknown] => ['object-for-value', v]),
    fc.constantFrom([1], [{}], ['a', 'b']).map((v): [string, unknown] => ['array-for-value', v]),
  );
}

/** The schema of the part a mutation targets and the input's value there. */
type Part = 'body' | 'query' | 'params';

const valuesOf = (parameters: Parameter[], hints: Hints) => {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of parameters) record[p.name] = validArb(p.schema, hints, p.name);
  const requiredKeys = parameters.filter((p) => p.required).map((p) => p.name);
  return fc.record(record, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
};

/** A VALID input of an operation. */
export function validInputArb(operation: Operation, hints: Hints): fc.Arbitrary<Input> {
  return fc.record({
    params: valuesOf(operation.pathParams, hints),
    query: valuesOf(operation.query, hints),
    body: operation.body ? validArb(operation.body.schema, hints) : fc.constant(undefined),
  });
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** Writes an input as an HTTP request (JSON or multipart body, query string, path segments). */
export function toRequest(
  operation: Operation,
  input: Input,
  kind: string,
  raw?: { payload?: string; contentType?: string | null },
): FuzzRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeSegment(text(input.params[name] ?? 'x')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, text(item));
    else search.append(key, text(value));
  }
  const query = search.toString();
  const url = query ? `${path}?${query}` : path;
  const headers: Record<string, string> = {};
  if (operation.method === 'GET') return { kind, method: 'GET', url, headers };
  if (raw) {
    if (raw.contentType) headers['content-type'] = raw.contentType;
    return {
      kind,
      method: 'POST',
      url,
      headers,
      ...(raw.payload !== undefined ? { payload: raw.payload } : {}),
    };
  }
  if (operation.body?.contentType === 'multipart/form-data' && isRecord(input.body)) {
    const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
    const parts = Object.entries(input.body).map(
      ([key, value]) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${text(value)}\r\n`,
    );
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    return { kind, method: 'POST', url, headers, payload: `${parts.join('')}--${boundary}--\r\n` };
  }
  headers['content-type'] = 'application/json';
  return { kind, method: 'POST', url, headers, payload: JSON.stringify(input.body ?? {}) };
}

/** Percent-encodes a path segment; a lone surrogate (a string cut inside a pair) is sent as U+FFFD. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Schema of a part (path and query parameters as an object schema). */
function partSchema(operation: Operation, part: Part): Schema {
  if (part === 'body') return operation.body?.schema ?? {};
  const parameters = part === 'query' ? operation.query : operation.pathParams;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/** Puts `value` at a random field (declared, or a new one) of the part. */
function setField(input: Input, part: Part, fieldIndex: number, value: unknown, schema: Schema): Input {
  const names = Object.keys(props(schema));
  const name = names.length ? (names[fieldIndex % names.length] as string) : 'extra';
  const container = part === 'body' ? (isRecord(input.body) ? input.body : {}) : input[part];
  const next = { ...container, [name]: value };
  return part === 'body' ? { ...input, body: next } : { ...input, [part]: next };
}

/** An INVALID input of an operation, written as a request. */
export function invalidRequestArb(operation: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const parts: Part[] = [];
  if (operation.body) parts.push('body');
  if (operation.query.length) parts.push('query');
  if (operation.pathParams.length) parts.push('params');
  const valid = validInputArb(operation, hints);
  const fieldMutation = fc
    .tuple(valid, fc.constantFrom(...(parts.length ? parts : (['query'] as Part[]))), fc.nat())
    .chain(([input, part, index]) => {
      const schema = partSchema(operation, part);
      const names = Object.keys(props(schema));
      const fieldSchema = names.length ? (props(schema)[names[index % names.length] as string] ?? {}) : {};
      return badValueArb(fieldSchema).map(([kind, value]) =>
        toRequest(operation, setField(input, part, index, value, schema), `${part}:${kind}`),
      );
    });
  const shapeMutations: Array<fc.Arbitrary<FuzzRequest>> = [fieldMutation];
  const schema = partSchema(operation, operation.body ? 'body' : 'query');
  const required = requiredOf(schema);
  if (required.length) {
    shapeMutations.push(
      fc.tuple(valid, fc.nat()).map(([input, i]) => {
        const drop = required[i % required.length] as string;
        const from = operation.body ? { ...(input.body as object) } : { ...input.query };
        delete (from as Record<string, unknown>)[drop];
        return toRequest(
          operation,
          operation.body ? { ...input, body: from } : { ...input, query: from as Record<string, unknown> },
          'missing-required',
        );
      }),
    );
  }
  shapeMutations.push(
    fc
      .tuple(valid, fc.dictionary(fc.string({ maxLength: 8 }), PRINTABLE, { maxKeys: 3 }))
      .map(([input, extra]) =>
        toRequest(
          operation,
          operation.body
            ? { ...input, body: { ...(isRecord(input.body) ? input.body : {}), ...extra, zzExtra: 1 } }
            : { ...input, query: { ...input.query, ...extra, zzExtra: '1' } },
          'extra-fields',
        ),
      ),
  );
  if (operation.method === 'POST') {
    const json = (payload: string, kind: string, contentType: string | null = 'application/json') =>
      valid.map((input) => toRequest(operation, input, kind, { payload, contentType }));
    shapeMutations.push(
      json('', 'empty-body'),
      json('', 'no-body', null),
      json('not json {', 'non-json'),
      json('{"a":', 'truncated-json'),
      json('[{"a":1}]', 'array-body'),
      json('"text"', 'string-body'),
      json('null', 'null-body'),
      json('12', 'number-body'),
      json('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}', 'proto-keys'),
      json('{"constructor":"x","prototype":"y","toString":1}', 'constructor-keys'),
      json(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'deep-nesting'),
      json(`{"a":"${'\\u0000'.repeat(10)}"}`, 'escaped-nul'),
      valid.map((input) =>
        toRequest(operation, input, 'text-content-type', {
          payload: JSON.stringify(input.body ?? {}),
          contentType: 'text/plain',
        }),
      ),
      valid.map((input) =>
        toRequest(operation, input, 'form-content-type', {
          payload: 'a=1&b=2',
          contentType: 'application/x-www-form-urlencoded',
        }),
      ),
      valid.map((input) =>
        toRequest(operation, input, 'xml-content-type', {
          payload: '<a>1</a>',
          contentType: 'application/xml',
        }),
      ),
    );
  }
  shapeMutations.push(...malformedMultipartArbs(operation));
  if (operation.pathParams.length) {
    shapeMutations.push(
      fc
        .tuple(valid, fc.constantFrom('%00', '..%2F..%2Fetc%2Fpasswd', 'a%2Fb', '%E0%A4%A', ' ', '%20'))
        .map(([input, segment]) => {
          const request = toRequest(operation, input, 'bad-path-segment');
          const first = operation.path.indexOf('{');
          const prefix = operation.path.slice(0, first);
          const rest = request.url.slice(prefix.length).replace(/^[^/?]*/, segment);
          return { ...request, url: `${prefix}${rest}` };
        }),
    );
  }
  return fc.oneof(...shapeMutations);
}

/** VALID requests of an operation. */
export function validRequestArb(operation: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  return validInputArb(operation, hints).map((input) => toRequest(operation, input, 'valid'));
}
