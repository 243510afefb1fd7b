/**
 * Malformed multipart requests (issue #19 item 6) for operations whose body is `multipart/form-data`:
 * truncated bodies, missing, over-long, empty and mismatched boundaries, broken part headers, wrong content
 * types over a multipart body, oversized fields and files, too many parts, prototype field names and
 * garbage bytes. Each carries an Idempotency-Key so that a money submit reads its body instead of stopping
 * at the missing key.
 */
import fc from 'fast-check';
import * as contract from '../../src/core/contract';
import type { Endpoint } from '../../src/core/contract/endpoint';
import type { FuzzRequest } from './arbitraries';
import type { Operation, Schema } from './operations';

const BOUNDARY = 'fuzzMultipart19xQ';
/** Above every image limit of the contract (10 MB). */
const OVERSIZED_FILE = 11 * 1024 * 1024;
/** Above every text field limit of the multipart routes. */
const OVERSIZED_FIELD = 1024 * 1024;

interface Names {
  /** A text field (the first declared one that is not a file). */
  field: string;
  /** A file field (the first declared `format: binary`), or 'file'. */
  file: string;
}

function namesOf(operation: Operation): Names {
  const props = (operation.body?.schema.properties ?? {}) as Record<string, Schema>;
  const entries = Object.entries(props);
  const file = entries.find(([, s]) => s.format === 'binary')?.[0] ?? 'file';
  const field = entries.find(([, s]) => s.format !== 'binary')?.[0] ?? 'field';
  return { field, file };
}

const textPart = (name: string, value: string, boundary = BOUNDARY) =>
  `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, boundary = BOUNDARY) =>
  `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="f.png"\r\n` +
  'content-type: image/png\r\n\r\n';
const closing = (boundary = BOUNDARY) => `--${boundary}--\r\n`;
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

type Case = [
  kind: string,
  contentType: string | null,
  payload: (names: Names, bytes: Buffer) => string | Buffer,
];

/** Every malformed kind: a name, the content type sent and the body. */
const CASES: Case[] = [
  ['mp-truncated', MULTIPART, ({ field }) => textPart(field, '{"a":1}').slice(0, -9)],
  ['mp-truncated-in-file', MULTIPART, ({ file }) => Buffer.concat([Buffer.from(fileHead(file)), PNG_HEAD])],
  ['mp-unclosed', MULTIPART, ({ field }) => textPart(field, '{}')],
  ['mp-no-boundary', 'multipart/form-data', ({ field }) => textPart(field, '{}') + closing()],
  ['mp-empty-boundary', 'multipart/form-data; boundary=""', ({ field }) => textPart(field, '{}', '')],
  [
    'mp-long-boundary',
    `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ({ field }) => textPart(field, '{}', 'b'.repeat(300)) + closing('b'.repeat(300)),
  ],
  [
    'mp-wrong-boundary',
    'multipart/form-data; boundary=another',
    ({ field }) => textPart(field, '{}') + closing(),
  ],
  ['mp-bad-part-header', MULTIPART, () => `--${BOUNDARY}\r\nnot a header\r\n\r\nx\r\n${closing()}`],
  [
    'mp-no-disposition',
    MULTIPART,
    () => `--${BOUNDARY}\r\ncontent-type: text/plain\r\n\r\nx\r\n${closing()}`,
  ],
  [
    'mp-huge-part-header',
    MULTIPART,
    ({ field }) =>
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${field}"; x="${'h'.repeat(100_000)}"\r\n\r\n{}\r\n${closing()}`,
  ],
  ['mp-empty-body', MULTIPART, () => ''],
  ['mp-garbage', MULTIPART, (_names, bytes) => bytes],
  ['mp-proto-field', MULTIPART, () => textPart('__proto__', '{"polluted":1}') + closing()],
  ['mp-proto-file', MULTIPART, () => `${fileHead('__proto__')}x\r\n${closing()}`],
  [
    'mp-many-parts',
    MULTIPART,
    ({ field }) => Array.from({ length: 50 }, (_, i) => textPart(`${field}${i}`, 'x')).join('') + closing(),
  ],
  [
    'mp-many-files',
    MULTIPART,
    ({ file }) => [1, 2, 3].map(() => `${fileHead(file)}x\r\n`).join('') + closing(),
  ],
  ['mp-oversized-field', MULTIPART, ({ field }) => textPart(field, 'x'.repeat(OVERSIZED_FIELD)) + closing()],
  [
    'mp-oversized-file',
    MULTIPART,
    ({ file }) =>
      Buffer.concat([
        Buffer.from(fileHead(file)),
        PNG_HEAD,
        Buffer.alloc(OVERSIZED_FILE, 1),
        Buffer.from(`\r\n${closing()}`),
      ]),
  ],
  ['mp-as-json', 'application/json', ({ field }) => textPart(field, '{}') + closing()],
  ['mp-as-text', 'text/plain', ({ field }) => textPart(field, '{}') + closing()],
  ['mp-as-octet-stream', 'application/octet-stream', ({ field }) => textPart(field, '{}') + closing()],
  ['mp-mixed', `multipart/mixed; boundary=${BOUNDARY}`, ({ field }) => textPart(field, '{}') + closing()],
  ['mp-no-content-type', null, ({ field }) => textPart(field, '{}') + closing()],
];

/** The malformed kinds the suite sends to every multipart operation. */
export const MULTIPART_KINDS = CASES.map(([kind]) => kind);

const isMultipart = (operation: Operation) => operation.body?.contentType === 'multipart/form-data';

function toRequest(operation: Operation, [kind, contentType, payload]: Case, key: string, bytes: Buffer) {
  const body = payload(namesOf(operation), bytes);
  return {
    kind,
    method: 'POST',
    url: operation.path,
    headers: { ...(contentType ? { 'content-type': contentType } : {}), 'idempotency-key': key },
    payload: body,
  } satisfies FuzzRequest;
}

/** Random malformed multipart requests of an operation (none unless its body is multipart). */
export function malformedMultipartArbs(operation: Operation): Array<fc.Arbitrary<FuzzRequest>> {
  if (!isMultipart(operation) || operation.method !== 'POST') return [];
  return [
    fc
      .tuple(fc.constantFrom(...CASES), fc.uuid(), fc.uint8Array({ minLength: 1, maxLength: 256 }))
      .map(([kase, key, bytes]) => toRequest(operation, kase, `fuzz-${key}`, Buffer.from(bytes))),
  ];
}

/** Every malformed kind once for a multipart operation (so each run covers them all), else none. */
export function everyMalformedMultipart(operation: Operation, seed: number): FuzzRequest[] {
  if (!isMultipart(operation) || operation.method !== 'POST') return [];
  const bytes = Buffer.from(
    fc.sample(fc.uint8Array({ minLength: 64, maxLength: 64 }), { seed, numRuns: 1 })[0] ?? [],
  );
  return CASES.map((kase, i) => toRequest(operation, kase, `fuzz-every-${seed}-${i}`, bytes));
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'path' in value && 'service' in value && 'input' in value;

/**
 * The document lists a multipart route without a request body (its parts are read by the handler, not
 * validated by a schema): the contract says which routes take a multipart form and what its fields are.
 */
export function withMultipartBodies(operations: Operation[]): Operation[] {
  const forms = new Map<string, Schema>();
  for (const value of Object.values(contract)) {
    if (isEndpoint(value) && value.contentType === 'multipart/form-data') {
      const input = JSON.parse(JSON.stringify(value.input)) as Schema;
      forms.set(`POST ${contract.SERVICE_ROOT[value.service]}/${value.path}`, input);
    }
  }
  return operations.map((operation) => {
    const form = forms.get(operation.id);
    return form && !operation.body
      ? { ...operation, body: { schema: form, contentType: 'multipart/form-data' } }
      : operation;
  });
}
