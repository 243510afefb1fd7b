import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing';
import type { AuthPluginOptions } from '../auth';
import { createDevOutbox, type OutboxEntry } from './dev-outbox';
import type { Sender } from './types';

const TOKEN_SECRET = 'outbox-test-secret-0123456789-abcdefgh';

describe('GET /dev/outbox', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  const start = async (auth: AuthPluginOptions) => {
    app = await buildTestApp({
      modules: { market: false, broker: false },
      auth: { tokenSecret: TOKEN_SECRET, ...auth },
    });
    return app;
  };
  const send = (target: FastifyInstance, url: string, payload: object) =>
    target.inject({ method: 'POST', url, payload }).then((res) => res.json<{ code: number }>());

  it('lists the messages to an address newest first, with purpose, code, text and time', async () => {
    const target = await start({ production: false, devOutbox: true, outbox: { print: () => undefined } });
    await send(target, '/v1/wa-na/sendMail', { email: 'ann@example.com', type: '1' });
    await send(target, '/v1/wa-na/sendPhone', { phone: '33612345678', type: '1' });
    const res = await target.inject({ method: 'GET', url: '/dev/outbox?to=ann@example.com' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; data: OutboxEntry[] }>();
    expect(body.code).toBe(0);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toEqual({
      to: 'ann@example.com',
      channel: 'mail',
      purpose: '1',
      code: expect.stringMatching(/^\d{6}$/),
      subject: 'TradeKit: your verification code',
      text: expect.stringContaining(body.data[0]?.code as string),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const phone = await target.inject({ method: 'GET', url: '/dev/outbox?to=%2B33612345678' });
    expect(phone.json<{ data: OutboxEntry[] }>().data[0]?.channel).toBe('sms');
  });

  it('answers 1001 without an address instead of listing every message', async () => {
    const target = await start({ production: false, devOutbox: true, outbox: { print: () => undefined } });
    await send(target, '/v1/wa-na/sendMail', { email: 'ann@example.com', type: '1' });
    for (const url of ['/dev/outbox', '/dev/outbox?to=', '/dev/outbox?to=%20']) {
      const res = await target.inject({ method: 'GET', url });
      expect(res.json()).toEqual({ code: 1001, msg: expect.any(String), data: null });
    }
  });

  it('is not served unless switched on, even with NODE_ENV unset: mail and SMS then answer 1033', async () => {
    const target = await start({ production: false, outbox: { print: () => undefined } });
    expect(target.hasRoute({ method: 'GET', url: '/dev/outbox' })).toBe(false);
    const res = await target.inject({ method: 'GET', url: '/dev/outbox?to=ann@example.com' });
    expect(res.statusCode).toBe(404);
    expect(await send(target, '/v1/wa-na/sendMail', { email: 'ann@example.com', type: '1' })).toMatchObject({
      code: 1033,
    });
  });

  it('refuses to start in production with it switched on', async () => {
    await expect(start({ production: true, devOutbox: true })).rejects.toThrow(/DEV_OUTBOX/);
  });

  it('does not exist in production, where mail and SMS without a sender answer 1033', async () => {
    const target = await start({ production: true });
    expect(target.hasRoute({ method: 'GET', url: '/dev/outbox' })).toBe(false);
    expect(await send(target, '/v1/wa-na/sendPhone', { phone: '33612345678', type: '1' })).toMatchObject({
      code: 1033,
    });
    expect(await send(target, '/v1/wa-na/sendMail', { email: 'ann@example.com', type: '1' })).toMatchObject({
      code: 1033,
    });
  });

  it('answers 1033 when delivery fails, and lets the user ask again at once', async () => {
    let fail = true;
    const outbox = createDevOutbox({ print: () => undefined });
    const flaky: Sender = {
      supports: () => true,
      send: async (message) => {
        if (fail) throw new Error('gateway down');
        await outbox.send(message);
      },
    };
    const target = await start({ sender: flaky });
    expect(target.hasRoute({ method: 'GET', url: '/dev/outbox' })).toBe(false);
    expect(await send(target, '/v1/wa-na/sendMail', { email: 'ann@example.com', type: '1' })).toMatchObject({
      code: 1033,
    });
    fail = false;
    expect(await send(target, '/v1/wa-na/sendMail', { email: 'ann@example.com', type: '1' })).toMatchObject({
      code: 0,
    });
    expect(outbox.list('ann@example.com')).toHaveLength(1);
  });
});
