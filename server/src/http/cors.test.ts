import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { corsPlugin } from './cors';
import { ok } from './envelope';
import { httpPlugin } from './plugin';

let app: FastifyInstance | undefined;

async function appWith(allowedOrigins?: string[]): Promise<FastifyInstance> {
  app = Fastify();
  await app.register(httpPlugin);
  await app.register(corsPlugin, { allowedOrigins });
  app.post('/v1/wa-na/ping', async () => ok('pong'));
  return app;
}

const preflight = (origin: string) => ({
  method: 'OPTIONS' as const,
  url: '/v1/wa-na/ping',
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type,authorization,x-tk-brand',
  },
});

afterEach(() => app?.close());

describe('CORS preflight of the APIs', () => {
  it('admits any origin with GET/POST and the content-type, authorization and x-tk-brand headers', async () => {
    const res = await (await appWith()).inject(preflight('https://partner.example'));
    expect(res.statusCode).toBe(204);
    // Echoed, not `*`: sign-in, refresh and logout travel with credentials (the refresh cookie, SC3).
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(res.headers['access-control-allow-headers']).toBe(
      'content-type, authorization, x-tk-brand, idempotency-key',
    );
  });

  it('admits only the listed origins when ALLOWED_ORIGINS is set', async () => {
    const server = await appWith(['https://brand-a.example']);
    const allowed = await server.inject(preflight('https://brand-a.example'));
    expect(allowed.headers['access-control-allow-origin']).toBe('https://brand-a.example');
    const refused = await server.inject(preflight('https://evil.example'));
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('adds the allow-origin header to the actual call', async () => {
    const res = await (
      await appWith()
    ).inject({
      method: 'POST',
      url: '/v1/wa-na/ping',
      headers: { origin: 'https://partner.example' },
      payload: {},
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(res.headers.vary).toContain('Origin');
    expect(res.json().data).toBe('pong');
  });
});
