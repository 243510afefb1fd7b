import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../../src/core/contract/csp';
import { buildTestApp } from '../testing';

// Built pages as Vite writes them with `html.cspNonce` (the nonce on the meta tag and on each script tag).
const page = (title: string, script: string) =>
  `<!doctype html><html><head><title>${title}</title>` +
  `<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `<script type="module" crossorigin src="${script}" nonce="${CSP_NONCE_PLACEHOLDER}"></script>` +
  `</head><body><div id="root"></div></body></html>`;

/** The directives of a policy: name → its sources. */
function directives(policy: string | undefined): Map<string, string[]> {
  expect(policy, 'a Content-Security-Policy header').toBeTypeOf('string');
  return new Map(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const STRICT: Array<[string, string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'self'"]],
  ['style-src-attr', ["'none'"]],
  ['worker-src', ["'self'", 'blob:']],
  ['frame-ancestors', ["'none'"]],
];

/** The directives every one of our pages shares, and no source that would let inline script run. */
function expectStrict(csp: Map<string, string[]>, origin: string): void {
  for (const [name, sources] of STRICT) expect(csp.get(name), name).toEqual(sources);
  const ws = origin.replace(/^http/, 'ws');
  expect(csp.get('connect-src')).toEqual(["'self'", origin, ws]);
  expect(csp.get('img-src')).toEqual(["'self'", origin, 'data:', 'blob:', 'https:']);
  for (const sources of csp.values()) {
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
  }
}

/** The headers @fastify/helmet adds to every response. */
function expectStandardHeaders(res: LightMyRequestResponse, resourcePolicy: string): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe(resourcePolicy);
  expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

/** The nonce a page response names in style-src, checked against the one written into its HTML. */
function pageNonce(res: LightMyRequestResponse): string {
  const csp = directives(res.headers['content-security-policy'] as string);
  const styles = csp.get('style-src') ?? [];
  expect(styles[0]).toBe("'self'");
  const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(styles[1] ?? '')?.[1];
  expect(nonce, `a nonce in ${styles.join(' ')}`).toBeDefined();
  expect(styles).toHaveLength(2);
  expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
  expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
  expect(res.body).toContain(`nonce="${nonce}"></script>`);
  return nonce!;
}

describe('Content-Security-Policy and standard headers of each kind of response', () => {
  let app: FastifyInstance;
  let configured: FastifyInstance;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'tk-csp-'));
    mkdirSync(join(distDir, 'widgets'));
    mkdirSync(join(distDir, 'coins'));
    mkdirSync(join(distDir, 'backoffice', 'assets'), { recursive: true });
    writeFileSync(join(distDir, 'index.html'), page('host', '/assets/host-a1.js'));
    writeFileSync(
      join(distDir, 'backoffice', 'index.html'),
      page('back office', '/backoffice/assets/i-b2.js'),
    );
    writeFileSync(join(distDir, 'widgets', 'tk-quotes.js'), 'export {};');
    writeFileSync(join(distDir, 'coins', 'btc.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const options = { distDir, modules: { market: false, broker: false } } as const;
    app = await buildTestApp(options);
    // The API and sockets handed out in /config.json on another origin than the page's (PUBLIC_ORIGIN).
    configured = await buildTestApp({ ...options, publicOrigin: 'https://api.brand.example' });
  });
  afterAll(async () => {
    await app?.close();
    await configured?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (target: FastifyInstance, url: string, accept = 'text/html') =>
    target.inject({ method: 'GET', url, headers: { accept, host: 'shop.example:8080' } });

  it.each([
    ['the host page', '/'],
    ['a deep host route', '/trade/BTCUSDT/chart'],
    ['the back office', '/backoffice'],
    ['a back-office route', '/backoffice/deposits'],
  ])('sends %s with a strict policy and a fresh style nonce per response', async (_name, url) => {
    const first = await get(app, url);
    expect(first.statusCode).toBe(200);
    expectStrict(directives(first.headers['content-security-policy'] as string), 'http://shop.example:8080');
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['last-modified']).toBeUndefined();
    expectStandardHeaders(first, 'same-origin');
    const second = await get(app, url);
    expect(pageNonce(second)).not.toBe(pageNonce(first));
  });

  it('lets the page reach the API and both sockets on a configured public origin', async () => {
    const res = await get(configured, '/');
    expectStrict(directives(res.headers['content-security-policy'] as string), 'https://api.brand.example');
    const config = (await get(configured, '/config.json', 'application/json')).json();
    for (const service of Object.values(config.services as Record<string, string>)) {
      expect(new URL(service).origin.replace(/^ws/, 'http')).toBe('https://api.brand.example');
    }
  });

  it('sends the API reference with the hash of its one style block and no nonce', async () => {
    const res = await get(app, '/docs/api');
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy'] as string);
    expectStrict(csp, 'http://shop.example:8080');
    const blocks = [...res.body.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
    expect(blocks).toHaveLength(1);
    const hash = createHash('sha256').update(blocks[0]!).digest('base64');
    expect(csp.get('style-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(res.body).not.toMatch(/<script|\son\w+=|\sstyle=/i);
    expectStandardHeaders(res, 'same-origin');
  });

  it.each([
    ['a widget script', '/widgets/tk-quotes.js'],
    ['a coin icon at the root of the build', '/coins/btc.svg'],
  ])('lets partner pages load %s (CORP cross-origin) and sends it no page policy', async (_name, url) => {
    const res = await get(app, url, '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expectStandardHeaders(res, 'cross-origin');
  });

  it('sends API answers the standard headers, same-origin resource policy and no page policy', async () => {
    for (const url of ['/config.json', '/v1/nothing/here']) {
      const res = await get(app, url, 'application/json');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expectStandardHeaders(res, 'same-origin');
    }
  });
});
