/**
 * The bounds of a deposit submission (issue #19): waiting tickets and proof bytes per user (also under
 * parallel submissions), the maximum amount, the brand's minimum whatever `locale` says, and an
 * Idempotency-Key that only replays the very same form and image.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_PROOF_DAY_MAX_BYTES, DEPOSIT_WAITING_MAX } from '../../../src/core/contract/deposits';
import { DEPOSIT_MAX_USD } from '../../../src/core/domain/deposit';
import { buildAccountsApp, createUser, signIn } from '../accounts/test-app';
import type { TestDatabase } from '../db/testing';
import { describeOnBackends } from '../db/testing';
import { createAdminAudit } from '../http/admin-audit';
import { PNG_1X1 } from '../users/multipart.testing';
import { newKey, submit } from './deposits.testing';

const USDT = { coinId: 1, amt: '1000', locale: 'en', agreement: true };
const MAX_TARGET_VALUE = 1010;

/** A PNG proof of `bytes` bytes (the signature first, then filler `fill`). */
const proofOf = (bytes: number, fill = 0) =>
  Buffer.concat([PNG_1X1, Buffer.alloc(bytes - PNG_1X1.length, fill)]);

describeOnBackends('deposit submission bounds', { on: 'postgres' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const prices = new Map<string, string>();

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
    app.cashier.bidOf = (symbol) => prices.get(symbol);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  async function trader() {
    const user = await createUser(app);
    return { user, token: await signIn(app, user.id) };
  }

  async function waiting(userId: string) {
    const { rows } = await app.db.query<{ n: string; bytes: string }>(
      `select count(*)::text as n, coalesce(sum(length(proof)), 0)::text as bytes from cash_tickets
        where user_id = $1 and action_type = 0 and state = 'waiting'`,
      [userId],
    );
    return { n: Number(rows[0]?.n), bytes: Number(rows[0]?.bytes) };
  }

  describe('waiting tickets and proof bytes per user (item 4)', () => {
    it(`accepts ${DEPOSIT_WAITING_MAX} of ${DEPOSIT_WAITING_MAX + 5} parallel submissions; the others answer 1010`, async () => {
      const { user, token } = await trader();
      const answers = await Promise.all(
        Array.from({ length: DEPOSIT_WAITING_MAX + 5 }, () => submit(app, token, USDT)),
      );
      const codes = answers.map((r) => r.json().code as number);
      expect(codes.filter((c) => c === 0)).toHaveLength(DEPOSIT_WAITING_MAX);
      expect(codes.filter((c) => c === MAX_TARGET_VALUE)).toHaveLength(5);
      expect((await waiting(user.id)).n).toBe(DEPOSIT_WAITING_MAX);

      // A decided ticket frees its place in the queue.
      const first = answers.find((r) => r.json().code === 0)!.json().data.id as string;
      await app.deposits.review.reject(first, 'test', createAdminAudit(app.db, 'admin-api'));
      expect((await submit(app, token, USDT)).json().code).toBe(0);
      expect((await submit(app, token, USDT)).json().code).toBe(MAX_TARGET_VALUE);
    });

    // Seven 9 MB proofs in parallel, then more: 20 s of parsing and storing on an idle machine, so its own
    // ceiling (a wait ends as soon as the answers are in; the suite's 30 s was passed under test:fast's load).
    it(
      'bounds the proof bytes a user files in a day, also under parallel submissions',
      { timeout: 90_000 },
      async () => {
        const { user, token } = await trader();
        const size = 9 * 1024 * 1024;
        const fit = Math.floor(DEPOSIT_PROOF_DAY_MAX_BYTES / size);
        expect(fit).toBeLessThan(DEPOSIT_WAITING_MAX);
        const answers = await Promise.all(
          Array.from({ length: fit + 2 }, (_, i) => submit(app, token, USDT, { proof: proofOf(size, i) })),
        );
        const codes = answers.map((r) => r.json().code as number);
        expect(codes.filter((c) => c === 0)).toHaveLength(fit);
        expect(codes.filter((c) => c === MAX_TARGET_VALUE)).toHaveLength(2);
        expect((await waiting(user.id)).bytes).toBeLessThanOrEqual(DEPOSIT_PROOF_DAY_MAX_BYTES);

        // Rejected tickets keep their proofs: deciding them does not reopen the day's storage.
        for (const r of answers.filter((a) => a.json().code === 0)) {
          await app.deposits.review.reject(
            r.json().data.id as string,
            'test',
            createAdminAudit(app.db, 'admin-api'),
          );
        }
        expect((await submit(app, token, USDT, { proof: proofOf(size) })).json().code).toBe(MAX_TARGET_VALUE);
        // A small proof still fits in what is left.
        expect((await submit(app, token, USDT)).json().code).toBe(0);
      },
    );
  });

  describe('amount bounds (item 6)', () => {
    it('refuses an amount whose USD value overflows the ticket columns with 1036, never HTTP 500', async () => {
      prices.set('BTCUSDT', '65000');
      const { user, token } = await trader();
      const answers = [];
      for (const amt of ['999999999999999', '999999999999999999.99999']) {
        const res = await submit(app, token, { coinId: 3, amt, locale: 'en' });
        answers.push([res.statusCode, res.json().code]);
      }
      expect(answers).toEqual([
        [200, 1036],
        [200, 1036],
      ]);
      expect((await waiting(user.id)).n).toBe(0);
    });

    it(`takes at most ${DEPOSIT_MAX_USD} USD in one deposit`, async () => {
      const { token } = await trader();
      const over = { type: 'bank', bankId: 2, amt: '10000000.01', locale: 'en' };
      expect((await submit(app, token, over)).json().code).toBe(1036);
      expect((await submit(app, token, { ...over, amt: '10000000000' })).json().code).toBe(1036);
      const top = (await submit(app, token, { ...over, amt: DEPOSIT_MAX_USD })).json();
      expect(top.code).toBe(0);
      expect(top.data.usdAmount).toBe('10000000.00');
    });
  });

  describe("the brand's minimum, whatever the request's locale says (item 9)", () => {
    function withLanguages(languages: string[]) {
      const settings = app.brand.get('tradekit')!.settings;
      const saved = settings.languages;
      settings.languages = languages;
      return () => {
        settings.languages = saved;
      };
    }

    it('gives the same answer to the same amount in every locale', async () => {
      const { token } = await trader();
      // The brand shows texts stating 30 USD (ja, de, …): 30 USD is accepted, in English too.
      for (const locale of ['en', 'de', 'ja', 'id', 'xx', undefined]) {
        const accepted = (await submit(app, token, { ...USDT, amt: '30', locale })).json();
        expect(accepted.code).toBe(0);
        expect((await submit(app, token, { ...USDT, amt: '29.99', locale })).json().code).toBe(1036);
        // Keeps the user below the waiting limit.
        await app.deposits.review.reject(
          accepted.data.id as string,
          'test',
          createAdminAudit(app.db, 'admin-api'),
        );
      }
    });

    it('keeps 1000 USD for a brand whose texts all state 1000, even when the request says de', async () => {
      const { token } = await trader();
      const restore = withLanguages(['en', 'id']);
      try {
        for (const locale of ['de', 'ja', 'en']) {
          expect((await submit(app, token, { ...USDT, amt: '999.99', locale })).json().code).toBe(1036);
        }
        expect((await submit(app, token, { ...USDT, amt: '1000', locale: 'de' })).json().code).toBe(0);
      } finally {
        restore();
      }
    });
  });

  describe('Idempotency-Key over a multipart form (item 7)', () => {
    it('refuses the same key with another form of the same length (1001) and creates nothing', async () => {
      const { user, token } = await trader();
      const key = newKey();
      expect((await submit(app, token, { ...USDT, amt: '1000' }, { key })).json().code).toBe(0);
      const other = await submit(app, token, { ...USDT, amt: '2000' }, { key });
      expect(other.headers['idempotent-replay']).toBeUndefined();
      expect(other.json().code).toBe(1001);
      expect((await waiting(user.id)).n).toBe(1);
    });

    it('refuses the same key with another image of the same length (1001)', async () => {
      const { user, token } = await trader();
      const key = newKey();
      const a = proofOf(4096, 1);
      const b = proofOf(4096, 2);
      expect((await submit(app, token, USDT, { key, proof: a })).json().code).toBe(0);
      expect((await submit(app, token, USDT, { key, proof: b })).json().code).toBe(1001);
      const again = await submit(app, token, USDT, { key, proof: a });
      expect(again.json().code).toBe(0);
      expect(again.headers['idempotent-replay']).toBe('true');
      expect((await waiting(user.id)).n).toBe(1);
    });
  });
});
