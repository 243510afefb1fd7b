import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnBackends } from '../../db/testing';
import { authHarness, type AuthHarness } from '../testing';

// The answer is stored only as an HMAC; the suite reads the drawn text from the development route
// `/dev/captcha/{uuid}` (not registered in production), as the browser journeys do.
const CAPTCHA = '/v1/wa-na/getImageCode';
const REGISTER = '/v1/wa-na/register';

describeOnBackends('identity: image captcha', { on: 'any' }, (backend) => {
  let h: AuthHarness;
  let ipSeq = 0;
  const ip = () => `10.2.0.${++ipSeq}`;
  beforeAll(async () => {
    h = await authHarness(backend);
  });
  afterAll(() => h?.close());

  const draw = async (from: string, previous?: string) => {
    const res = await h.post<{ image: string; uuid: string }>(CAPTCHA, previous ? { uuid: previous } : {}, {
      ip: from,
      brand: 'aurora',
    });
    const known =
      res.code === 0 ? await h.app.inject({ method: 'GET', url: `/dev/captcha/${res.data.uuid}` }) : null;
    return { ...res, text: known?.json<{ data: { text: string } }>().data.text as string };
  };
  const register = (phone: string, code: string, uuid: string | undefined, from: string) =>
    h.post(
      REGISTER,
      { username: phone, type: 'P', password: 'p4ssword', code, uuid },
      { ip: from, brand: 'aurora' },
    );

  describe('POST /v1/wa-na/getImageCode', () => {
    it('answers an SVG data URL and a uuid, and stores only a hash of the text', async () => {
      const res = await draw(ip());
      expect(res.code).toBe(0);
      expect(res.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(res.data.image.split(',')[1] as string, 'base64').toString()).toMatch(
        /^<svg [^>]*>.*<\/svg>$/s,
      );
      expect(res.data.uuid).toMatch(/^[0-9a-f]{32}$/);
      expect(res.text).toMatch(/^[a-z0-9]{5}$/);
      const { rows } = await h.app.db.query<{ text_hash: string }>(
        'select text_hash from captchas where uuid = $1',
        [res.data.uuid],
      );
      expect(rows[0]?.text_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.text_hash).not.toContain(res.text);
    });

    it('refuses to refresh a captcha sooner than 3 s after it was drawn with 23554, and keeps it valid', async () => {
      const from = ip();
      const first = await draw(from);
      h.clock.advance(2_999);
      expect((await draw(from, first.data.uuid)).code).toBe(23554);
      h.clock.advance(1);
      const second = await draw(from, first.data.uuid);
      expect(second.code).toBe(0);
      expect((await register('33612340001', first.text, first.data.uuid, from)).code).toBe(23555);
    });

    it('answers 23554 after 20 captchas from one IP within a minute, and again once the minute is over', async () => {
      const from = ip();
      for (let i = 0; i < 20; i++) expect((await draw(from)).code).toBe(0);
      expect((await draw(from)).code).toBe(23554);
      expect((await draw(ip())).code).toBe(0);
      h.clock.advance(60_000);
      expect((await draw(from)).code).toBe(0);
    });
  });

  describe('POST /v1/wa-na/register with the captcha (brand with PHONE_SMS_VERIFY off)', () => {
    it('registers a phone user with the captcha text in place of an SMS code, whatever its case', async () => {
      const from = ip();
      const captcha = await draw(from);
      const res = await register('33612340002', captcha.text.toUpperCase(), captcha.data.uuid, from);
      expect(res.code).toBe(0);
      expect(h.outbox.list('+33612340002')).toEqual([]);
    });

    it('answers 23556 for a wrong text and uses the captcha up (23555 afterwards)', async () => {
      const from = ip();
      const captcha = await draw(from);
      expect((await register('33612340003', 'wrong', captcha.data.uuid, from)).code).toBe(23556);
      expect((await register('33612340003', captcha.text, captcha.data.uuid, from)).code).toBe(23555);
    });

    it('answers 23555 for a captcha older than 5 minutes, an unknown uuid and a missing uuid', async () => {
      const from = ip();
      const captcha = await draw(from);
      h.clock.advance(5 * 60_000);
      expect((await register('33612340004', captcha.text, captcha.data.uuid, from)).code).toBe(23555);
      expect((await register('33612340004', 'abcde', 'f'.repeat(32), from)).code).toBe(23555);
      expect((await register('33612340004', 'abcde', undefined, from)).code).toBe(23555);
    });

    it('does not take an SMS code for phone registration on that brand', async () => {
      const from = ip();
      await h.post('/v1/wa-na/sendPhone', { phone: '33612340005', type: '1' }, { ip: from, brand: 'aurora' });
      const sms = h.lastCode('+33612340005');
      expect((await register('33612340005', sms, undefined, from)).code).toBe(23555);
    });

    it('still registers email users of that brand with a mail code', async () => {
      const from = ip();
      await h.post(
        '/v1/wa-na/sendMail',
        { email: 'aurora.user@example.com', type: '1' },
        { ip: from, brand: 'aurora' },
      );
      const code = h.lastCode('aurora.user@example.com');
      const payload = { username: 'aurora.user@example.com', type: 'E', password: 'p4ssword', code };
      const res = await h.post(REGISTER, payload, { ip: from, brand: 'aurora' });
      expect(res.code).toBe(0);
      expect(h.outbox.list('aurora.user@example.com')[0]?.subject).toBe('Welcome to Aurora Markets');
    });
  });
});
