import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { devCaptchaRoute, rememberDevCaptcha } from './dev-captcha';

describe('GET /dev/captcha/{uuid}', () => {
  it('answers the text of an issued captcha and 404 with 1008 for an unknown one', async () => {
    const app = Fastify();
    const store = new Map<string, string>();
    devCaptchaRoute(app, store);
    rememberDevCaptcha(store, 'u-1', 'ab12');
    const known = await app.inject({ method: 'GET', url: '/dev/captcha/u-1' });
    expect(known.json()).toEqual({ code: 0, msg: 'success', data: { text: 'ab12' } });
    const unknown = await app.inject({ method: 'GET', url: '/dev/captcha/u-2' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(1008);
    await app.close();
  });

  it('keeps at most 500 texts, forgetting the oldest first', () => {
    const store = new Map<string, string>();
    for (let i = 0; i < 501; i += 1) rememberDevCaptcha(store, `u-${i}`, 'x');
    expect(store.size).toBe(500);
    expect(store.has('u-0')).toBe(false);
  });
});
