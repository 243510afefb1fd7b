// The lite <tk-quotes> (EK14) is served as the React widgets are: its entry revalidated on every load, its hashed
// chunks cached for a year, both to other origins and as the precompressed copy the browser accepts (EK2).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing';

const CHUNK = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];`;
const ENTRY = `import "./chunks/preact-a1b2c3.js";\n${CHUNK}`;

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'tk-dist-lite-'));
  await mkdir(join(dist, 'widgets/lite/chunks'), { recursive: true });
  // What the lite build and the precompress step write (scripts/vite-lite.ts, scripts/vite-precompress.ts).
  for (const [file, text] of [
    ['widgets/lite/tk-quotes.js', ENTRY],
    ['widgets/lite/chunks/preact-a1b2c3.js', CHUNK],
  ] as const) {
    await writeFile(join(dist, file), text);
    await writeFile(join(dist, `${file}.br`), brotliCompressSync(text));
    await writeFile(join(dist, `${file}.gz`), gzipSync(text));
  }
  app = await buildTestApp({ distDir: dist, modules: { market: false, broker: false } });
});
afterAll(async () => {
  await app?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('GET /widgets/lite/*', () => {
  it('serves the lite entry to other origins, brotli when accepted, revalidated on every load', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/widgets/lite/tk-quotes.js',
      headers: { origin: 'https://brand.example', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ENTRY);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches its hashed chunks for a year as immutable, like the widgets chunks', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/widgets/lite/chunks/preact-a1b2c3.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers 404 for a lite file the build did not write', async () => {
    const res = await app.inject({ method: 'GET', url: '/widgets/lite/chunks/react-000000.js' });
    expect(res.statusCode).toBe(404);
  });
});
