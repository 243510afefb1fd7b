import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/core/contract/codes';
import { buildTestApp } from '../testing';
import { negotiateEncoding } from './compression';
import { BusinessError, ok } from './envelope';

/** A quote-list-like answer well above the 1 KB threshold. */
const ROWS = Array.from({ length: 60 }, (_, i) => ({
  symbol: `SYM${i}USDT`,
  price: (100 + i * 1.37).toFixed(5),
  change: ((i % 7) - 3) / 10,
}));
const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];`;
/** A message long enough that an error envelope crosses the threshold. */
const LONG_MESSAGE = 'The amount is above the limit of this account. '.repeat(30).trim();

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'tk-compress-'));
  await mkdir(join(dist, 'widgets/chunks'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>host</title>');
  // What the build writes beside a large script (EK2): the server must send the .br as it is.
  await writeFile(join(dist, 'widgets/chunks/react-f0e1d2.js'), BIG_SCRIPT);
  await writeFile(join(dist, 'widgets/chunks/react-f0e1d2.js.br'), brotliCompressSync(BIG_SCRIPT));
  await writeFile(join(dist, 'widgets/chunks/react-f0e1d2.js.gz'), gzipSync(BIG_SCRIPT));
  // A large file the build did not compress (no .br/.gz beside it): served as a stream, left alone.
  await writeFile(join(dist, 'widgets/chunks/plain-a1b2c3.js'), BIG_SCRIPT);
  app = await buildTestApp({ distDir: dist, modules: { market: false, broker: false } });
  app.get('/v1/test/big', async () => ok(ROWS));
  app.get('/v1/test/small', async () => ok({ symbol: 'BTCUSDT' }));
  app.get('/v1/test/big-error', async () => {
    throw new BusinessError(Code.INCORRECT_PARAMETER, LONG_MESSAGE);
  });
  app.get('/v1/test/no-content', async (_request, reply) => reply.code(204).send());
  app.get('/v1/test/stream', async (_request, reply) =>
    reply.type('application/json').send(Readable.from([JSON.stringify(ok(ROWS))])),
  );
  app.get('/v1/test/encoded', async (_request, reply) =>
    reply
      .type('application/json')
      .header('content-encoding', 'gzip')
      .send(gzipSync(JSON.stringify(ok(ROWS)))),
  );
  app.get('/v1/test/png', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(4096, 7)));
});
afterAll(async () => {
  await app?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('compressed answers (EK10)', () => {
  it('sends a large JSON answer in brotli when accepted, else gzip, the same JSON once decoded', async () => {
    const plain = await get('/v1/test/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(ok(ROWS));
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/v1/test/big', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await get('/v1/test/big', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends the large answer plain without Accept-Encoding, or when only identity is accepted, still varying', async () => {
    for (const encoding of [undefined, '', 'identity', 'br;q=0, gzip;q=0', 'deflate', 'zstd']) {
      const res = await get('/v1/test/big', encoding);
      expect(res.headers['content-encoding'], String(encoding)).toBeUndefined();
      expect(res.json()).toEqual(ok(ROWS));
      // A cache must not hand this plain copy to a browser that asked for brotli.
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('leaves an answer under 1 KB as it is, without Vary', async () => {
    const res = await get('/v1/test/small', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(ok({ symbol: 'BTCUSDT' }));
    expect(res.headers.vary ?? '').not.toMatch(/accept-encoding/i);
  });

  it("compresses a large error answer into the catalogue's envelope, and leaves small errors plain", async () => {
    const plain = await get('/v1/test/big-error');
    expect(plain.json()).toEqual({ code: Code.INCORRECT_PARAMETER, msg: LONG_MESSAGE, data: null });
    const br = await get('/v1/test/big-error', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // The API 404 is a small envelope: plain, and still JSON.
    const missing = await get('/v1/test/nothing', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ data: null });
  });

  it('compresses the OpenAPI document, a real answer of the app', async () => {
    const plain = await get('/docs/openapi.json');
    const gz = await get('/docs/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a precompressed built file as it is, never encoded twice', async () => {
    const br = await get('/widgets/chunks/react-f0e1d2.js', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await get('/widgets/chunks/react-f0e1d2.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    // A built file without a compressed copy is a stream: it goes out as the file.
    const file = await get('/widgets/chunks/plain-a1b2c3.js', 'br, gzip');
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.body).toBe(BIG_SCRIPT);
  });

  it('leaves HEAD, 204, streams, already encoded and binary answers alone', async () => {
    const head = await get('/v1/test/big', 'br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    const empty = await get('/v1/test/no-content', 'br');
    expect(empty.statusCode).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
    const stream = await get('/v1/test/stream', 'br');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual(ok(ROWS));
    const encoded = await get('/v1/test/encoded', 'br, gzip');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(encoded.rawPayload).toString())).toEqual(ok(ROWS));
    const png = await get('/v1/test/png', 'br, gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.length).toBe(4096);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['BR', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0.8, *;q=0.1', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['br;q=abc, gzip;q=0.2', 'gzip'],
    ['br;q=2, gzip', 'br'],
    [' , ;q=1, deflate', null],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
