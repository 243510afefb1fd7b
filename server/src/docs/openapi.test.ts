import { readdirSync, readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../../scripts/openapi';
import { serverUrl, type Endpoint } from '../../../src/core/contract/endpoint';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../src/core/contract/idempotency';
import { createTestClock } from '../clock';
import { buildTestApp } from '../testing';
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
  '/embed',
  '/embed/*',
  '/ws',
  '/exchange/ws',
  '/stomp',
]);

describe('docs/openapi.json', () => {
  let app: FastifyInstance;
  const registered: Array<{ method: string; url: string; websocket: boolean }> = [];

  beforeAll(async () => {
    // The same options as scripts/openapi.ts, so the generated document is the committed one.
    app = await buildTestApp({
      adminToken: 'openapi-generation',
      market: { seed: 1, autostart: false },
      // The development outbox is documented too (as what it is): switched on here, off by default.
      auth: { devOutbox: true },
      // So is the movable clock's route (DEV_CLOCK_OFFSET_MS, CH4).
      movableClock: createTestClock(),
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

  type Operation = {
    parameters?: Array<{ in: string; name: string; required?: boolean; schema?: { pattern?: string } }>;
    responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  };
  const operations = () =>
    Object.entries(committed().paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, byMethod]) =>
        Object.entries(byMethod).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, op })),
    );
  const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

  /** Every endpoint declared `idempotent` in the contract (each of its files), as `POST /path`. */
  const moneySubmits = async (): Promise<string[]> => {
    const dir = new URL('../../../src/core/contract/', import.meta.url);
    const files = readdirSync(dir).filter((name) => /^[\w-]+\.ts$/.test(name) && !name.includes('.test.'));
    const found = new Set<string>();
    for (const file of files) {
      const exports = (await import(new URL(file, dir).href)) as Record<string, unknown>;
      for (const value of Object.values(exports)) {
        const declared = value as Partial<Endpoint> | null;
        if (typeof declared !== 'object' || declared?.idempotent !== true) continue;
        const { service, path, mockPath } = declared as Endpoint;
        for (const p of [path, mockPath].filter((x): x is string => !!x)) {
          found.add(`POST ${openApiPath(serverUrl(service, p))}`);
        }
      }
    }
    return [...found].sort();
  };

  it('declares the media type and schema of every route’s answer (issue #19 item 13)', () => {
    const lacking = operations()
      .filter(({ op }) => {
        const content = op.responses?.['200']?.content ?? {};
        const types = Object.entries(content);
        return (
          types.length === 0 || types.some(([, media]) => !media.schema || !Object.keys(media.schema).length)
        );
      })
      .map(({ id }) => id);
    expect(lacking).toEqual([]);
    const typesOf = (id: string) =>
      Object.keys(operations().find((o) => o.id === id)?.op.responses?.['200']?.content ?? {});
    for (const id of ['GET /v1/waa/user/avatar/{file}', 'GET /admin/v1/deposits/{id}/proof']) {
      expect(typesOf(id).length, id).toBeGreaterThan(0);
      expect(
        typesOf(id).every((t) => t.startsWith('image/')),
        id,
      ).toBe(true);
    }
    expect(typesOf('GET /market-assets/logo/{file}')).toEqual(['image/svg+xml']);
    expect(typesOf('GET /brand-assets/{brand}/{file}')).toEqual(['image/svg+xml']);
    expect(typesOf('GET /docs/api')).toEqual(['text/html']);
    expect(typesOf('GET /config.json')).toEqual(['application/json']);
    expect(typesOf('GET /dev/outbox')).toEqual(['application/json']);
  });

  it('names the Idempotency-Key header, required and with its format, on every money submit and no other route', async () => {
    const submits = await moneySubmits();
    expect(submits).toEqual(
      expect.arrayContaining([
        'POST /v1/waa/user/withdraw',
        'POST /v1/waa/user/deposit',
        'POST /v1/waa/user/crypto/transform',
      ]),
    );
    const withHeader = operations()
      .filter(({ op }) =>
        op.parameters?.some(
          (p) =>
            p.in === 'header' &&
            p.name.toLowerCase() === 'idempotency-key' &&
            p.required === true &&
            p.schema?.pattern === IDEMPOTENCY_KEY_PATTERN,
        ),
      )
      .map(({ id }) => id)
      .sort();
    expect(withHeader).toEqual(submits);
    // Order placement takes the key when sent (IK6): documented, not required, with the same format.
    const optional = operations()
      .filter(({ op }) =>
        op.parameters?.some(
          (p) =>
            p.in === 'header' &&
            p.name.toLowerCase() === 'idempotency-key' &&
            p.required !== true &&
            p.schema?.pattern === IDEMPOTENCY_KEY_PATTERN,
        ),
      )
      .map(({ id }) => id)
      .sort();
    expect(optional).toEqual([
      'POST /exchange/order/addOrder',
      'POST /exchange/order/addOrderMock',
      'POST /exchange/order/addOrderOption',
      'POST /exchange/order/addOrderOptionMock',
    ]);
  });

  it('serves resources in a media type their entry declares; /config.json matches its schema', async () => {
    const entry = (id: string) => operations().find((o) => o.id === id)?.op.responses?.['200']?.content ?? {};
    for (const [url, id] of [
      ['/config.json', 'GET /config.json'],
      ['/docs/api', 'GET /docs/api'],
      ['/docs/openapi.json', 'GET /docs/openapi.json'],
      ['/brand-assets/tradekit/logo.svg', 'GET /brand-assets/{brand}/{file}'],
      ['/market-assets/logo/BTCUSDT.svg', 'GET /market-assets/logo/{file}'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const type = String(res.headers['content-type']).split(';')[0]?.trim() ?? '';
      expect(Object.keys(entry(id)), url).toContain(type);
    }
    const schema = entry('GET /config.json')['application/json']?.schema ?? {};
    const validate = new Ajv({ strict: false }).compile(schema);
    const config: unknown = (await app.inject({ method: 'GET', url: '/config.json' })).json();
    expect(validate(config) ? [] : validate.errors).toEqual([]);
  });
});
