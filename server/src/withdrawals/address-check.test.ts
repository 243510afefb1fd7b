import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/core/contract/codes';
import { serverUrl } from '../../../src/core/contract/endpoint';
import { CryptoAddressInsert } from '../../../src/core/contract/payees';
import { buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import { encodeField } from '../cashier';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { postWithdraw, realSessionKey } from './test-support';

/** Coins of the seed (migration 012): 1 USDT on TRC20, 2 USDT on ERC20, 3 BTC, 4 ETH on ERC20. */
const TRC20 = 1;
const ERC20 = 2;
const BTC = 3;
const ETH = 4;

const VALID: ReadonlyArray<[coin: number, address: string]> = [
  [TRC20, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
  [ERC20, '0x52908400098527886E0F7030069857D2E4169EE7'],
  [BTC, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  [BTC, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  [ETH, '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe'],
];

/** Issue #19 item 8: text that is no address of the coin's network. */
const INVALID: ReadonlyArray<[coin: number, address: string]> = [
  [TRC20, 'javascript:alert(document.cookie)'],
  [ERC20, 'javascript:alert(document.cookie)'],
  [TRC20, '0x52908400098527886E0F7030069857D2E4169EE7'],
  [ERC20, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
  [TRC20, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS0'],
  [ERC20, '<img src=x onerror=alert(1)>'],
  [BTC, 'javascript:alert(document.cookie)'],
  [ETH, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
];

describeOnBackends('one crypto address check (saved and typed)', { on: 'any' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const newUser = async (credit?: string) => {
    const user = await createUser(app);
    if (credit) {
      await app.db.transaction((tx) => app.accounts.credit(tx, user.id, 'real', credit, { ref: 'test' }));
    }
    const token = await signIn(app, user.id);
    return { id: user.id, token, key: await realSessionKey(app, user.id) };
  };
  type User = Awaited<ReturnType<typeof newUser>>;

  const save = async (user: User, coin: number, address: string) =>
    (
      await post(app, user.token, serverUrl(CryptoAddressInsert.service, CryptoAddressInsert.path), {
        currencyId: coin,
        cryptocurrencyAddress: encodeField(address, user.key),
      })
    ).json<{ code: number }>().code;
  /** A USDT withdrawal of 100 (fee 25) to a typed address. */
  const withdrawTo = async (user: User, coin: number, address: string) =>
    (
      await postWithdraw(app, user.token, {
        num: '100',
        practicalNum: '75',
        currencyId: coin,
        paymentAddress: encodeField(address, user.key),
        locale: 'en',
      })
    ).code;
  const tickets = async (userId: string) =>
    (await app.db.query('select 1 from cash_tickets where user_id = $1', [userId])).rows.length;

  describe('POST /v1/waa/cryptocurrency/user/wallet/insert', () => {
    it.each(INVALID)('refuses coin %i address %s with 1047', async (coin, address) => {
      expect(await save(await newUser(), coin, address)).toBe(Code.WALLET_CANNOT_BE_USED);
    });

    it.each(VALID)('saves coin %i address %s', async (coin, address) => {
      expect(await save(await newUser(), coin, address)).toBe(Code.OK);
    });
  });

  describe('POST /v1/waa/user/withdraw (typed address)', () => {
    it.each(INVALID)('refuses coin %i address %s with 1047 and moves nothing', async (coin, address) => {
      const user = await newUser('1000');
      expect(await withdrawTo(user, coin, address)).toBe(Code.WALLET_CANNOT_BE_USED);
      expect(await tickets(user.id)).toBe(0);
    });

    it.each(VALID.filter(([coin]) => coin === TRC20 || coin === ERC20))(
      'accepts coin %i address %s',
      async (coin, address) => {
        const user = await newUser('1000');
        expect(await withdrawTo(user, coin, address)).toBe(Code.OK);
        expect(await tickets(user.id)).toBe(1);
      },
    );

    it('answers the same code as the saved-address route for the same text', async () => {
      for (const [coin, address] of [...INVALID, ...VALID]) {
        const saved = await save(await newUser(), coin, address);
        const typed = await withdrawTo(await newUser('1000'), coin, address);
        // A valid BTC/ETH address gets past the check and then waits for a market price (no market here).
        const typedCheck = typed === Code.TRY_AGAIN_LATER ? Code.OK : typed;
        expect({ coin, address, typed: typedCheck }).toEqual({ coin, address, typed: saved });
      }
    });
  });
});
