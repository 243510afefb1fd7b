import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnBackends } from '../../db/testing';
import { authHarness, type AuthHarness } from '../testing';

describeOnBackends('identity: code sending', { on: 'any' }, (backend) => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await authHarness(backend);
  });
  afterAll(() => h?.close());

  describe('POST /v1/wa-na/sendMail', () => {
    const url = '/v1/wa-na/sendMail';

    it('mails a 6-digit register code that the dev outbox shows newest first', async () => {
      const res = await h.post(url, { email: ' New.User@Example.com ', type: '1', locale: 'de' });
      expect(res).toEqual({ code: 0, msg: 'success', data: null });
      const [entry] = h.outbox.list('new.user@example.com');
      expect(entry).toMatchObject({ to: 'new.user@example.com', channel: 'mail', purpose: '1' });
      expect(entry?.code).toMatch(/^\d{6}$/);
      expect(entry?.subject).toBe('TradeKit: Ihr Bestätigungscode');
      expect(entry?.text).toContain(entry?.code);
    });

    it('refuses a second code for the same address and purpose within 60 s with 1110', async () => {
      await h.post(url, { email: 'twice@example.com', type: '1' });
      const first = h.lastCode('twice@example.com');
      expect((await h.post(url, { email: 'twice@example.com', type: '1' })).code).toBe(1110);
      h.clock.advance(59_000);
      expect((await h.post(url, { email: 'twice@example.com', type: '1' })).code).toBe(1110);
      h.clock.advance(1_000);
      expect((await h.post(url, { email: 'twice@example.com', type: '1' })).code).toBe(0);
      expect(h.outbox.list('twice@example.com')).toHaveLength(2);
      expect(h.outbox.list('twice@example.com')[1]?.code).toBe(first);
    });

    it('answers 1004 to a register code for an existing account', async () => {
      await h.registerEmail('taken@example.com', 'secret-pass', { ip: '10.0.1.1' });
      h.clock.advance(61_000);
      expect((await h.post(url, { email: 'taken@example.com', type: '1' }, { ip: '10.0.1.1' })).code).toBe(
        1004,
      );
    });

    it('answers a forgot code for an unknown account with success and sends nothing', async () => {
      expect((await h.post(url, { email: 'nobody@example.com', type: '2' })).code).toBe(0);
      expect(h.outbox.list('nobody@example.com')).toEqual([]);
      expect((await h.post(url, { email: 'nobody@example.com', type: '2' })).code).toBe(1110);
    });

    it('mails a forgot code to an existing account', async () => {
      await h.registerEmail('forgetful@example.com', 'secret-pass', { ip: '10.0.1.2' });
      expect(
        (await h.post(url, { email: 'forgetful@example.com', type: '2', locale: 'ja' }, { ip: '10.0.1.2' }))
          .code,
      ).toBe(0);
      const [entry] = h.outbox.list('forgetful@example.com');
      expect(entry).toMatchObject({ purpose: '2', subject: 'TradeKit：パスワード再設定コード' });
    });

    it('sends the registration-complete mail (type 4) only when it never went out', async () => {
      await h.registerEmail('welcome@example.com', 'secret-pass', { ip: '10.0.1.3' });
      const welcome = h.outbox.list('welcome@example.com').filter((entry) => entry.purpose === '4');
      expect(welcome).toHaveLength(1);
      expect(welcome[0]).toMatchObject({ code: null, subject: 'Welcome to TradeKit' });
      expect((await h.post(url, { email: 'welcome@example.com', type: '4' }, { ip: '10.0.1.3' })).code).toBe(
        0,
      );
      expect((await h.post(url, { email: 'stranger@example.com', type: '4' }, { ip: '10.0.1.3' })).code).toBe(
        0,
      );
      expect(h.outbox.list('welcome@example.com').filter((entry) => entry.purpose === '4')).toHaveLength(1);
      expect(h.outbox.list('stranger@example.com')).toEqual([]);
    });

    it('rejects a malformed or over-long email with 1001 and illegal characters with 23558', async () => {
      expect((await h.post(url, { email: 'not-an-email', type: '1' })).code).toBe(1001);
      expect((await h.post(url, { email: `${'a'.repeat(135)}@example.com`, type: '1' })).code).toBe(1001);
      expect((await h.post(url, { email: 'x<script>@example.com', type: '1' })).code).toBe(23558);
      expect((await h.post(url, { email: 'a@example.com', type: '3' })).code).toBe(1001);
    });

    it('limits one IP to 10 codes an hour, then the window moves on', async () => {
      const ip = '10.9.9.9';
      for (let i = 0; i < 10; i++) {
        expect((await h.post(url, { email: `burst${i}@example.com`, type: '1' }, { ip })).code).toBe(0);
      }
      expect((await h.post(url, { email: 'burst10@example.com', type: '1' }, { ip })).code).toBe(1110);
      expect((await h.post(url, { email: 'burst10@example.com', type: '1' }, { ip: '10.9.9.10' })).code).toBe(
        0,
      );
      h.clock.advance(60 * 60_000);
      expect((await h.post(url, { email: 'burst11@example.com', type: '1' }, { ip })).code).toBe(0);
    });

    it('limits one address to 5 codes an hour whatever the IP', async () => {
      const email = 'pumped@example.com';
      for (let i = 0; i < 5; i++) {
        expect((await h.post(url, { email, type: '1' }, { ip: `10.8.0.${i}` })).code).toBe(0);
        h.clock.advance(61_000);
      }
      expect((await h.post(url, { email, type: '1' }, { ip: '10.8.0.99' })).code).toBe(1110);
    });
  });

  describe('POST /v1/wa-na/sendPhone', () => {
    const url = '/v1/wa-na/sendPhone';

    it('texts a code to the E.164 number of an international number without plus', async () => {
      expect(
        (await h.post(url, { phone: '33612345678', type: '1', locale: 'fr' }, { ip: '10.7.0.1' })).code,
      ).toBe(0);
      const [entry] = h.outbox.list('+33612345678');
      expect(entry).toMatchObject({ to: '+33612345678', channel: 'sms', purpose: '1' });
      expect(entry?.text).toContain(entry?.code);
      expect(h.outbox.list('33612345678')).toHaveLength(1);
    });

    it('accepts a national number with its area code', async () => {
      expect(
        (await h.post(url, { phone: '0612345679', areaCode: '33', type: '1' }, { ip: '10.7.0.2' })).code,
      ).toBe(0);
      expect(h.outbox.list('+33612345679')).toHaveLength(1);
    });

    it('rejects a number that is not valid for its country with 1001 and symbols with 23558', async () => {
      expect((await h.post(url, { phone: '3361234', type: '1' }, { ip: '10.7.0.3' })).code).toBe(1001);
      expect((await h.post(url, { phone: '33612345678;', type: '1' }, { ip: '10.7.0.3' })).code).toBe(23558);
    });

    it('refuses the registration-complete type for phones with 1001', async () => {
      expect((await h.post(url, { phone: '33612345670', type: '4' }, { ip: '10.7.0.4' })).code).toBe(1001);
    });

    it('refuses phone codes for registration on a brand without phone sign-up with 1001', async () => {
      const res = await h.post(
        url,
        { phone: '33612345671', type: '1' },
        { ip: '10.7.0.5', brand: 'meridian' },
      );
      expect(res.code).toBe(1001);
    });
  });
});
