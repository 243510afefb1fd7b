import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing';
import { framingHeaders } from './plugin';

const NONE = "frame-ancestors 'none'";

describe('security headers of the http plugin', () => {
  let app: FastifyInstance;
  let proxied: FastifyInstance;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'tk-headers-'));
    mkdirSync(join(distDir, 'widgets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>host</title>');
    writeFileSync(join(distDir, 'widgets', 'tk-quotes.js'), 'export {};');
    const options = { distDir, modules: { market: false, broker: false } } as const;
    app = await buildTestApp(options);
    // A page added later by another module, with a policy of its own.
    app.get('/test/page', (_request, reply) =>
      reply.type('text/html').header('content-security-policy', "default-src 'self'").send('<p>page</p>'),
    );
    // A page that lets its own origin frame it (as the removed static support page did, issue #21).
    app.get('/test/framed', (_request, reply) =>
      reply
        .type('text/html')
        .header('content-security-policy', "default-src 'self'; frame-ancestors 'self'")
        .send('<p>framed</p>'),
    );
    proxied = await buildTestApp({ ...options, trustProxy: true });
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (target: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    target.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it.each([
    ['the SPA index', '/'],
    ['a page route of the SPA', '/trade/BTCUSDT'],
  ])('forbids framing %s with frame-ancestors and X-Frame-Options', async (_name, url) => {
    const res = await get(app, url);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The page policy (content-security-policy.test.ts) ends with the framing rule's directive.
    expect(res.headers['content-security-policy']).toMatch(
      /^default-src 'self'; .*; frame-ancestors 'none'$/,
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it("keeps a route's own policy and adds frame-ancestors 'none' to it", async () => {
    const res = await get(app, '/test/page');
    expect(res.headers['content-security-policy']).toBe(`default-src 'self'; ${NONE}`);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('lets a page that declares it be framed by its own origin only', async () => {
    const res = await get(app, '/test/framed');
    expect(res.headers['content-security-policy']).toMatch(/; frame-ancestors 'self'$/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('leaves widget scripts embeddable and JSON without framing headers', async () => {
    const script = await get(app, '/widgets/tk-quotes.js', { accept: '*/*' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['access-control-allow-origin']).toBe('*');
    const json = await get(app, '/config.json', { accept: 'application/json' });
    expect(json.headers['x-frame-options']).toBeUndefined();
  });

  it('sends Strict-Transport-Security only on requests that came over HTTPS', async () => {
    expect((await get(app, '/')).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forwarded protocol is the client's word, not the connection's.
    const spoofed = await get(app, '/', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await get(proxied, '/config.json', { 'x-forwarded-proto': 'https' });
    expect(behindProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get(proxied, '/')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('framingHeaders', () => {
  it.each([
    ['', NONE, 'DENY'],
    ["default-src 'none';", `default-src 'none'; ${NONE}`, 'DENY'],
    [`img-src 'self'; ${NONE}`, `img-src 'self'; ${NONE}`, 'DENY'],
    ["img-src 'self'; frame-ancestors 'self'", "img-src 'self'; frame-ancestors 'self'", 'SAMEORIGIN'],
    ['frame-ancestors https://partner.example', 'frame-ancestors https://partner.example', null],
  ])('turns %j into %j with X-Frame-Options %j', (policy, csp, xfo) => {
    expect(framingHeaders(policy)).toEqual({ csp, xfo });
  });
});
