// The partners' widget configurator at /embed (EK3): a build of its own under dist/embed, served as the back
// office is, its page with a fresh CSP nonce, its hashed assets immutable and precompressed (EK2).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../../src/core/contract/csp';
import { buildTestApp } from '../testing';

const INDEX =
  '<!doctype html><html><head><title>host</title></head><body><div id="root"></div></body></html>';
const EMBED =
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />` +
  `<title>Widget configurator</title></head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const widgets = [${Array.from({ length: 300 }, (_, i) => `'tk-${i}'`).join(', ')}];`;
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'tk-embed-'));
  await mkdir(join(dist, 'embed/assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'embed/index.html'), EMBED);
  await writeFile(join(dist, 'embed/assets/index-9f8e7d.js'), SCRIPT);
  await writeFile(join(dist, 'embed/assets/index-9f8e7d.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(dist, 'embed/assets/index-9f8e7d.js.gz'), gzipSync(SCRIPT));
  app = await buildTestApp({ distDir: dist, modules: { market: false, broker: false } });
});
afterAll(async () => {
  await app?.close();
  await rm(dist, { recursive: true, force: true });
});

const nonceOf = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1];

describe('GET /embed', () => {
  it('serves the configurator page, not the host, with a fresh style nonce in page and policy each time', async () => {
    const nonces = new Set<string>();
    for (const url of ['/embed', '/embed/', '/embed/quotes']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Widget configurator</title>');
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const nonce = nonceOf(res.body);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(policy).toMatch(/script-src 'self'(;|$)/);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  it('serves its hashed assets for a year, precompressed as the browser accepts (EK2)', async () => {
    const url = '/embed/assets/index-9f8e7d.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers its page, never a file, for a missing asset or a path outside assets/', async () => {
    for (const url of [
      '/embed/assets/missing.js',
      '/embed/assets/../index.html',
      '/embed/..%2F..%2Fpackage.json',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([
        url,
        200,
        'text/html; charset=utf-8',
      ]);
      expect(res.body).toContain('<title>Widget configurator</title>');
      expect(res.body).not.toContain('"devDependencies"');
    }
  });

  it('answers 503 with a clear text while the configurator is not built', async () => {
    await rm(join(dist, 'embed/index.html'));
    try {
      const res = await app.inject({ method: 'GET', url: '/embed', headers: html });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('The site is not built: run npm run build');
    } finally {
      await writeFile(join(dist, 'embed/index.html'), EMBED);
    }
  });
});
