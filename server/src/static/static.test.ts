import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing';

const INDEX =
  '<!doctype html><html><head><title>host</title></head><body><div id="root"></div></body></html>';
const BACKOFFICE = '<!doctype html><html><head><title>Back office</title></head><body></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const BIG = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];`;

let dist: string;
let app: FastifyInstance;

/** The response's CSP nonce. */
const nonceOf = (res: { headers: Record<string, unknown> }) =>
  /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'tk-dist-'));
  await mkdir(join(dist, 'widgets/chunks'), { recursive: true });
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX);
  await mkdir(join(dist, 'backoffice/assets'), { recursive: true });
  await writeFile(join(dist, 'backoffice/index.html'), BACKOFFICE);
  await writeFile(join(dist, 'backoffice/assets/index-a1b2c3.js'), 'console.log(2);');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dist, 'widgets/tk-quotes.js'), 'import "./chunks/core-a1b2c3.js";');
  await writeFile(join(dist, 'widgets/chunks/core-a1b2c3.js'), 'export const core = 1;');
  await writeFile(join(dist, 'assets/host-d4e5f6.js'), 'console.log(1);');
  // What the build writes beside a large script (scripts/vite-precompress.ts, EK2).
  await writeFile(join(dist, 'widgets/chunks/react-f0e1d2.js'), BIG);
  await writeFile(join(dist, 'widgets/chunks/react-f0e1d2.js.br'), brotliCompressSync(BIG));
  await writeFile(join(dist, 'widgets/chunks/react-f0e1d2.js.gz'), gzipSync(BIG));
  app = await buildTestApp({ distDir: dist, modules: { market: false, broker: false } });
});
afterAll(async () => {
  await app?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('GET /widgets/*', () => {
  it('serves a widget entry to other origins, revalidated on every load', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/widgets/tk-quotes.js',
      headers: { origin: 'https://brand.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed chunks for a year as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/widgets/chunks/core-a1b2c3.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('sends the precompressed copy the browser accepts: brotli first, then gzip, else the file (EK2)', async () => {
    const url = '/widgets/chunks/react-f0e1d2.js';
    const get = (encoding?: string) =>
      app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    expect(br.rawPayload.length).toBeLessThan(BIG.length / 4);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
    // A file the build left uncompressed goes out as it is, whatever the browser accepts.
    const small = await app.inject({
      method: 'GET',
      url: '/widgets/chunks/core-a1b2c3.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export const core = 1;');
  });

  it('answers 404 for a missing widget, never the host page', async () => {
    const res = await app.inject({ method: 'GET', url: '/widgets/tk-nothing.js', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('refuses to leave the dist folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/widgets/..%2f..%2fetc%2fpasswd' });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('root:');
  });
});

describe('GET /assets/*', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/host-d4e5f6.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('GET / and page routes', () => {
  it('serves index.html for / without caching and with security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it.each(['/BTCUSDT/chart', '/user/wallet/addCrypto?currencyId=1', '/quotation'])(
    'falls back to the host for %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    },
  );

  it("writes the brand's loading screen into the host page's #root, by the host name (EK33)", async () => {
    await writeFile(
      join(dist, 'index.html'),
      INDEX.replace('<div id="root">', '<div id="root"><!--tk-splash-->'),
    );
    try {
      const own = await app.inject({ method: 'GET', url: '/quotation', headers: html });
      expect(own.body).toContain(
        '<div id="root"><div class="host-fullpage host-loading" data-testid="loading" data-tk-theme="light"',
      );
      expect(own.body).not.toContain('<!--tk-splash-->');
      const aurora = await app.inject({
        method: 'GET',
        url: '/',
        headers: { ...html, host: 'aurora.localhost' },
      });
      expect(aurora.body).toContain('data-tk-theme="dark"');
      // The back office's page is not the host's: it has no placeholder and gets no loading screen.
      const office = await app.inject({ method: 'GET', url: '/backoffice', headers: html });
      expect(office.body).toBe(BACKOFFICE);
    } finally {
      await writeFile(join(dist, 'index.html'), INDEX);
    }
  });

  it("names the code of the path's page in the host page, with the response's nonce (EK55)", async () => {
    await writeFile(
      join(dist, 'page-preloads.json'),
      JSON.stringify({
        routes: [
          {
            patterns: ['/'],
            scripts: ['assets/home-a1.js', 'assets/pages-b2.js'],
            styles: ['assets/home-c3.css'],
          },
          { patterns: ['/user/wallet', '/user/purse'], scripts: ['assets/wallet-d4.js'], styles: [] },
          // A file that is not a built asset's path (a tampered file) is left out.
          {
            patterns: ['/:symbol/chart'],
            scripts: ['../server.js', 'assets/a"b.js', 'assets/chart-e5.js'],
            styles: [],
          },
          { patterns: ['/:symbol/place'], scripts: [], styles: [] },
        ],
      }),
    );
    try {
      const home = await app.inject({ method: 'GET', url: '/', headers: html });
      const nonce = nonceOf(home);
      expect(home.body).toContain(
        `<link rel="modulepreload" href="/assets/home-a1.js" crossorigin nonce="${nonce}">` +
          `<link rel="modulepreload" href="/assets/pages-b2.js" crossorigin nonce="${nonce}">` +
          `<link rel="preload" as="style" href="/assets/home-c3.css" crossorigin nonce="${nonce}"></head>`,
      );
      // An alias, any case, a query; the first route that matches, as the host's table matches.
      const wallet = await app.inject({ method: 'GET', url: '/User/Purse?tab=2', headers: html });
      expect(wallet.body).toContain('href="/assets/wallet-d4.js"');
      expect(wallet.body).not.toContain('home-a1');
      const chart = await app.inject({ method: 'GET', url: '/ETHUSDT/chart', headers: html });
      expect(chart.body.match(/<link rel="modulepreload"/g)).toHaveLength(1);
      expect(chart.body).toContain('href="/assets/chart-e5.js"');
      // A route whose page the first load holds, and a path no route answers: the page as built.
      for (const url of ['/ETHUSDT/place', '/no/such/page']) {
        const res = await app.inject({ method: 'GET', url, headers: html });
        expect(res.body).toBe(INDEX);
      }
      // A file that is not JSON: no links, no error.
      await writeFile(join(dist, 'page-preloads.json'), '{"routes": [');
      const broken = await app.inject({ method: 'GET', url: '/', headers: html });
      expect(broken.statusCode).toBe(200);
      expect(broken.body).toBe(INDEX);
    } finally {
      await rm(join(dist, 'page-preloads.json'), { force: true });
    }
    const after = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(after.body).toBe(INDEX);
  });

  it('serves a file at the root of dist', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers 404 to a missing file when the client does not ask for HTML', async () => {
    const res = await app.inject({ method: 'GET', url: '/missing.png', headers: { accept: 'image/*' } });
    expect(res.statusCode).toBe(404);
  });

  it('never answers an API path with the host page', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/wa-na/nothing', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(1009);
  });

  it('answers 503 with a clear text while the site is not built', async () => {
    await rm(join(dist, 'index.html'));
    const root = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(root.statusCode).toBe(503);
    expect(root.headers['content-type']).toMatch(/^text\/plain/);
    expect(root.body).toContain('The site is not built: run npm run build');
    expect((await app.inject({ method: 'GET', url: '/BTCUSDT/chart', headers: html })).statusCode).toBe(503);
    await writeFile(join(dist, 'index.html'), INDEX);
    await mkdir(join(dist, 'backoffice/assets'), { recursive: true });
    await writeFile(join(dist, 'backoffice/index.html'), BACKOFFICE);
    await writeFile(join(dist, 'backoffice/assets/index-a1b2c3.js'), 'console.log(2);');
    expect((await app.inject({ method: 'GET', url: '/', headers: html })).statusCode).toBe(200);
  });
});

describe('GET /backoffice', () => {
  it('serves the back-office page for its root and every route under it, never framed or indexed', async () => {
    for (const url of ['/backoffice', '/backoffice/', '/backoffice/audit']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(BACKOFFICE);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
  });

  it('serves its hashed assets for a year, and its page for a missing asset or a path outside assets/', async () => {
    const asset = await app.inject({ method: 'GET', url: '/backoffice/assets/index-a1b2c3.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2);');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/backoffice/assets/missing.js',
      '/backoffice/assets/../index.html',
      '/backoffice/..%2Fpackage.json',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect([url, res.body]).toEqual([url, BACKOFFICE]);
    }
  });
});
