import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../../scripts/openapi';
import { buildApp } from '../app';
import { openApiDocumentOf } from './openapi';

/** Routes that are not API operations: sockets, static files, the SPA fallback and the site root. */
const NOT_OPERATIONS = new Set([
  '*',
  '/',
  '/*',
  '/widgets/*',
  '/assets/*',
  '/backoffice',
  '/backoffice/*',
  '/ws',
  '/exchange/ws',
  '/stomp',
]);

describe('docs/openapi.json', () => {
  let app: FastifyInstance;
  const registered: Array<{ method: string; url: string; websocket: boolean }> = [];

  beforeAll(async () => {
    // The same options as scripts/openapi.ts, so the generated document is the committed one.
    app = await buildApp({
      dataDir: 'memory://',
      adminToken: 'openapi-generation',
      market: { seed: 1, autostart: false },
      logger: false,
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          registered.push({
            method,
            url: route.url,
            websocket: (route as { websocket?: boolean }).websocket === true,
          });
        }
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const committed = () => JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as Record<string, unknown>;

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(committed());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(committed().openapi).toBe('3.1.0');
  });

  it('is what the server generates (not stale: run `npx tsx scripts/openapi.ts`)', () => {
    expect(committed()).toEqual(JSON.parse(JSON.stringify(openApiDocumentOf(app))));
  });

  it('lists every route the server registers', () => {
    expect(registered.length).toBeGreaterThan(20);
    const paths = committed().paths as Record<string, Record<string, unknown>>;
    const documented = new Set(
      Object.entries(paths).flatMap(([path, byMethod]) =>
        Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const missing = registered
      .filter((route) => route.method !== 'HEAD' && !route.websocket && !NOT_OPERATIONS.has(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((id) => !documented.has(id));
    expect(missing).toEqual([]);
  });
});
