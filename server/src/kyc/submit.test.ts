/**
 * The user's verification calls (spec §4, §5, §7, §9; issue #20): statuses and 1014, fields and brand flags,
 * images checked by content and size, owner-only records and images.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_IMAGE_MAX_BYTES } from '../../../src/core/contract/kyc';
import { buildAccountsApp, createUser, signIn } from '../accounts/test-app';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { JPEG_HEAD } from '../users/multipart.testing';
import {
  decide,
  FIRST_AUTH_URL,
  images,
  META,
  record,
  submitAdvanced,
  submitJunior,
  waitingId,
  withBrand,
} from './kyc.testing';

describeOnBackends('identity verification: the user calls', { on: 'any' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const newUser = async (brandId?: string) => {
    const user = await createUser(app, { brandId, verified: false });
    return { ...user, token: await signIn(app, user.id) };
  };

  const submissions = async (userId: string) => {
    const { rows } = await app.db.query<{ n: number }>(
      'select count(*)::int as n from kyc_submissions where user_id = $1',
      [userId],
    );
    return Number(rows[0]?.n);
  };

  describe('junior (name and id number, no images)', () => {
    it('goes 0 → 1 → 2; a resubmission while waiting replaces the waiting one; status 2 answers 1014', async () => {
      const user = await newUser('meridian');
      expect((await record(app, user.token, FIRST_AUTH_URL)).data).toEqual({
        realName: '',
        idCard: '',
        verifiedStatus: 0,
        reason: '',
      });
      expect((await submitJunior(app, user.token)).json().data.verifiedStatus).toBe(1);
      const first = await waitingId(app, user.id, 'junior');
      const again = await submitJunior(app, user.token, { realName: '  Ada King ', idCard: 'X9' });
      expect(again.json()).toMatchObject({
        code: 0,
        data: { realName: 'Ada King', idCard: 'X9', verifiedStatus: 1 },
      });
      const second = await waitingId(app, user.id, 'junior');
      expect(second).not.toBe(first);
      // The operator's decision on the replaced submission is refused: the user changed it since.
      expect((await decide(app, first, true)).json().code).toBe(1014);
      expect((await decide(app, second, true)).json().code).toBe(0);
      expect((await record(app, user.token, FIRST_AUTH_URL)).data).toMatchObject({
        verifiedStatus: 2,
        realName: 'Ada King',
      });
      expect((await submitJunior(app, user.token)).json().code).toBe(1014);
      // The spec's default method (POST, KC6) answers the same record as GET.
      const posted = await app.inject({
        method: 'POST',
        url: FIRST_AUTH_URL,
        headers: { authorization: `Bearer ${user.token}` },
        payload: {},
      });
      expect(posted.json()).toMatchObject({ code: 0, data: { verifiedStatus: 2, realName: 'Ada King' } });
      const { rows } = await app.db.query('select real_name, id_number from users where id = $1', [user.id]);
      expect(rows[0]).toEqual({ real_name: 'Ada King', id_number: 'X9' });
    });

    it.each([
      ['an empty name', { realName: '   ', idCard: 'X1' }],
      ['a name over 140', { realName: 'a'.repeat(141), idCard: 'X1' }],
      ['a control character', { realName: 'Ada\u0007', idCard: 'X1' }],
      ['a missing id number', { realName: 'Ada' }],
      ['a number for a name', { realName: 42, idCard: 'X1' }],
    ])('answers 1001 to %s and files nothing', async (_name, body) => {
      const user = await newUser('meridian');
      expect((await submitJunior(app, user.token, body)).json().code).toBe(1001);
      expect(await submissions(user.id)).toBe(0);
    });

    it('answers 23523 where the brand offers no junior level (aurora verifies at the advanced level only)', async () => {
      const user = await newUser('aurora');
      expect((await submitJunior(app, user.token)).json().code).toBe(23523);
    });
  });

  describe('advanced (id type, auth email, three images)', () => {
    it('needs the three images at status 0 (23553) and files nothing of a refused submission', async () => {
      const user = await newUser();
      expect((await submitAdvanced(app, user.token, META, images({ cardImgAvatar: null }))).json().code).toBe(
        23553,
      );
      expect(await submissions(user.id)).toBe(0);
      const body = (await submitAdvanced(app, user.token)).json();
      expect(body).toMatchObject({
        code: 0,
        data: {
          realName: 'Ada Lovelace',
          idCard: 'P1234567',
          idType: 1,
          authEmail: '',
          verifiedStatus: 1,
        },
      });
      expect(body.data.cardImgFront).toMatch(/\/v1\/waa\/user\/auth\/image\/[0-9a-f]{32}\.png$/);
    });

    it('checks each image by its bytes: text named .png answers 1001; a JPEG passes whatever its name', async () => {
      const user = await newUser();
      const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
      expect((await submitAdvanced(app, user.token, META, images({ cardImgFront: fake }))).json().code).toBe(
        1001,
      );
      expect(
        (await submitAdvanced(app, user.token, META, images({ cardImgReverse: JPEG_HEAD }))).json().code,
      ).toBe(0);
    });

    it('refuses an image over 10 MB with 1001 (spec §9)', async () => {
      const user = await newUser();
      const big = Buffer.concat([JPEG_HEAD, Buffer.alloc(KYC_IMAGE_MAX_BYTES, 7)]);
      expect((await submitAdvanced(app, user.token, META, images({ cardImgFront: big }))).json().code).toBe(
        1001,
      );
      expect(await submissions(user.id)).toBe(0);
    });

    it('takes an auth email only where the brand asks for one (addVerifiedEmail), and then requires it', async () => {
      const user = await newUser();
      expect(
        (await submitAdvanced(app, user.token, { ...META, authEmail: 'ada@example.test' })).json().code,
      ).toBe(1001);
      const asked = await newUser('aurora');
      const plain = { realName: 'Ada', idCard: 'P1', locale: 'en' };
      expect((await submitAdvanced(app, asked.token, plain)).json().code).toBe(1001);
      expect(
        (await submitAdvanced(app, asked.token, { ...plain, authEmail: 'not-an-email' })).json().code,
      ).toBe(1001);
      expect(
        (await submitAdvanced(app, asked.token, { ...plain, authEmail: ' Ada@Example.TEST ' })).json(),
      ).toMatchObject({
        code: 0,
        data: { authEmail: 'ada@example.test', idType: 0 },
      });
    });

    it('takes an id type only where the brand has two (twoTypeVerified); otherwise the document is the ID card', async () => {
      const user = await newUser();
      expect((await submitAdvanced(app, user.token, { ...META, idType: 7 })).json().code).toBe(1001);
      await withBrand(app, 'tradekit', { flags: { twoTypeVerified: false } }, async () => {
        expect((await submitAdvanced(app, user.token, { ...META, idType: 1 })).json().code).toBe(1001);
        expect((await submitAdvanced(app, user.token, { ...META, idType: 0 })).json()).toMatchObject({
          code: 0,
          data: { idType: 0, authEmail: '' },
        });
      });
    });

    it.each([
      ['metaData that is not JSON', 'realName=Ada'],
      ['a name with a line break', { ...META, realName: 'Ada\nLovelace' }],
      ['an id number over 140', { ...META, idCard: '9'.repeat(141) }],
    ])('answers 1001 to %s', async (_name, meta) => {
      const user = await newUser();
      expect((await submitAdvanced(app, user.token, meta as never)).json().code).toBe(1001);
    });

    it('after a rejection shows the reason, and a resubmission without images keeps the last ones', async () => {
      const user = await newUser();
      const first = (await submitAdvanced(app, user.token)).json().data;
      expect(
        (
          await decide(
            app,
            await waitingId(app, user.id, 'advanced'),
            false,
            'Selfie does not show the document',
          )
        ).json().code,
      ).toBe(0);
      expect((await record(app, user.token)).data).toMatchObject({
        verifiedStatus: 3,
        reason: 'Selfie does not show the document',
      });
      const again = (await submitAdvanced(app, user.token, { ...META, idCard: 'P7654321' }, [])).json();
      expect(again).toMatchObject({ code: 0, data: { verifiedStatus: 1, idCard: 'P7654321', reason: '' } });
      expect(again.data.cardImgFront).toBe(first.cardImgFront);
      expect((await decide(app, await waitingId(app, user.id, 'advanced'), true)).json().code).toBe(0);
      expect((await record(app, user.token)).data.verifiedStatus).toBe(2);
      expect((await submitAdvanced(app, user.token)).json().code).toBe(1014);
      // An advanced approval stands for the junior level too.
      expect((await record(app, user.token, FIRST_AUTH_URL)).data).toMatchObject({
        verifiedStatus: 2,
        idCard: 'P7654321',
      });
    });
  });

  describe('ownership', () => {
    it("answers only the caller's own record, whatever id the query names", async () => {
      const owner = await newUser();
      const other = await newUser();
      await submitAdvanced(app, owner.token);
      const mine = await record(app, other.token, undefined, `?userId=${owner.id}&id=${owner.id}`);
      // Unknown query fields are dropped: the answer is the caller's own, empty record.
      expect(mine).toMatchObject({
        code: 0,
        data: { realName: '', idCard: '', verifiedStatus: 0, cardImgFront: null },
      });
    });

    it("serves an image to its owner only: another user's image answers exactly like a missing one", async () => {
      const owner = await newUser();
      const other = await newUser();
      const url = new URL((await submitAdvanced(app, owner.token)).json().data.cardImgFront as string)
        .pathname;
      const get = (token: string, path = url) =>
        app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
      const own = await get(owner.token);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.headers['cache-control']).toBe('private, no-store');
      const theirs = await get(other.token);
      const missing = await get(other.token, url.replace(/[0-9a-f]{32}/, 'f'.repeat(32)));
      expect(theirs.statusCode).toBe(404);
      expect([theirs.statusCode, theirs.body]).toEqual([missing.statusCode, missing.body]);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });
  });
});
