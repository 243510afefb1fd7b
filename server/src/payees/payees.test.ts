import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CARD_MAX, CRYPTO_ADDRESS_MAX } from '../../../src/core/contract/payees';
import { ADMIN_TOKEN, createUser, post, signIn } from '../accounts/test-app';
import { buildApp } from '../app';
import type { TestDatabase } from '../db/testing';
import { appStorage, describeOnBackends } from '../db/testing';
import { decodeField, encodeField } from '../cashier';

const BANK = '/v1/waa/user/bank';
const WALLET = '/v1/waa/cryptocurrency/user/wallet';
const COINS = '/v1/waa/cryptocurrency/simple/find/all';

const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
const BECH32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** The session's field-encoding key, read from the access token as the browser does. */
function aesKeyOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')) as {
    aesKey: string;
  };
  return payload.aesKey;
}

interface Session {
  userId: string;
  token: string;
  key: string;
}

describeOnBackends('payees: bank cards and crypto addresses', { on: 'any' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await backend.create();
    app = await buildApp({
      ...appStorage(database),
      adminToken: ADMIN_TOKEN,
      modules: { market: false, broker: false },
      logger: {
        level: 'trace',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logLines.push(chunk.toString('utf8'));
            done();
          },
        }),
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  async function session(brandId = 'tradekit', virtual = false): Promise<Session> {
    const user = await createUser(app, { brandId });
    const token = await signIn(app, user.id, virtual);
    return { userId: user.id, token, key: aesKeyOf(token) };
  }

  /** A card as the form sends it, encoded with `key`. */
  function cardBody(key: string, overrides: Record<string, string> = {}): Record<string, string> {
    const personal: Record<string, string> = {
      name: 'Ada Lovelace',
      account: 'GB33 BUKB 2020 1555 5555 55',
      address: '12 Marylebone Road, London',
      idNumber: 'P1234567',
      phoneNumber: '+44 20 7946 0958',
    };
    const plain: Record<string, string> = {
      bankName: 'Barclays',
      bankCode: 'aib',
      bankAddress: '1 Churchill Place',
      swiftCode: 'BUKBGB22',
      branchCode: '202015',
      bankCountry: 'GB',
      postCode: 'NW1 5LR',
      accountType: 'checking',
    };
    const merged = { ...plain, ...personal, ...overrides };
    for (const field of Object.keys(personal)) {
      const value = merged[field] as string;
      merged[field] = value === '' ? '' : encodeField(value, key);
    }
    return merged;
  }

  const insertCard = async (s: Session, overrides: Record<string, string> = {}) =>
    (await post(app, s.token, `${BANK}/insert`, cardBody(s.key, overrides))).json();

  const saveAddress = async (s: Session, currencyId: number, address: string) =>
    (
      await post(app, s.token, `${WALLET}/insert`, {
        currencyId,
        cryptocurrencyAddress: encodeField(address, s.key),
      })
    ).json();

  describe('bank cards', () => {
    it('answers HTTP 401 without a token', async () => {
      expect((await post(app, null, `${BANK}/all`)).statusCode).toBe(401);
    });

    it('adds a card and answers it with the personal fields encoded for this session', async () => {
      const s = await session();
      const added = await insertCard(s);
      expect(added.code).toBe(0);
      const one = (await post(app, s.token, `${BANK}/one`, { id: added.data.id })).json();
      expect(one.code).toBe(0);
      const dto = one.data.dto;
      expect(dto).toMatchObject({
        id: added.data.id,
        bankName: 'Barclays',
        swiftCode: 'BUKBGB22',
        accountLast4: '5555',
      });
      expect(dto.account).not.toContain('5555');
      expect(decodeField(dto.account, s.key)).toBe('GB33 BUKB 2020 1555 5555 55');
      expect(decodeField(dto.name, s.key)).toBe('Ada Lovelace');
      expect(decodeField(dto.phoneNumber, s.key)).toBe('+44 20 7946 0958');
      const list = (await post(app, s.token, `${BANK}/all`)).json();
      expect(list.data.list.map((c: { id: string }) => c.id)).toEqual([added.data.id]);
    });

    it('answers the fields encoded with the key of the session that reads them', async () => {
      const s = await session();
      const added = await insertCard(s);
      const other = await signIn(app, s.userId);
      const dto = (await post(app, other, `${BANK}/one`, { id: added.data.id })).json().data.dto;
      expect(decodeField(dto.name, aesKeyOf(other))).toBe('Ada Lovelace');
      expect(() => decodeField(dto.name, s.key)).toThrow();
    });

    it('keeps the personal fields sealed at rest', async () => {
      const s = await session();
      const added = await insertCard(s);
      const { rows } = await app.db.query<Record<string, unknown>>('select * from bank_cards where id = $1', [
        added.data.id,
      ]);
      const stored = JSON.stringify(rows[0]);
      for (const plain of ['Ada Lovelace', 'GB33', '2020 1555', 'Marylebone', 'P1234567', '7946']) {
        expect(stored).not.toContain(plain);
      }
      expect(rows[0]).toMatchObject({ bank_name: 'Barclays', account_last4: '5555' });
    });

    it('updates every field of a card', async () => {
      const s = await session();
      const added = await insertCard(s);
      const body = {
        id: added.data.id,
        ...cardBody(s.key, { bankName: 'HSBC', account: '12345678', address: '' }),
      };
      const updated = (await post(app, s.token, `${BANK}/update`, body)).json();
      expect(updated).toMatchObject({ code: 0, data: { id: added.data.id } });
      const dto = (await post(app, s.token, `${BANK}/one`, { id: added.data.id })).json().data.dto;
      expect(dto).toMatchObject({ bankName: 'HSBC', accountLast4: '5678', address: '' });
      expect(decodeField(dto.account, s.key)).toBe('12345678');
    });

    it('deletes a card', async () => {
      const s = await session();
      const added = await insertCard(s);
      expect((await post(app, s.token, `${BANK}/delete`, { id: added.data.id })).json().code).toBe(0);
      expect((await post(app, s.token, `${BANK}/one`, { id: added.data.id })).json().code).toBe(1008);
    });

    it("answers another user's card exactly like a missing one on one, update and delete", async () => {
      const owner = await session();
      const intruder = await session();
      const added = await insertCard(owner);
      const missing = '999999999';
      const pairs: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
        ['one', { id: added.data.id }, { id: missing }],
        [
          'update',
          { id: added.data.id, ...cardBody(intruder.key) },
          { id: missing, ...cardBody(intruder.key) },
        ],
        ['delete', { id: added.data.id }, { id: missing }],
      ];
      for (const [path, theirs, absent] of pairs) {
        const a = await post(app, intruder.token, `${BANK}/${path}`, theirs);
        const b = await post(app, intruder.token, `${BANK}/${path}`, absent);
        expect(a.statusCode).toBe(b.statusCode);
        expect(a.json()).toEqual(b.json());
        expect(a.json().code).toBe(1008);
      }
      const dto = (await post(app, owner.token, `${BANK}/one`, { id: added.data.id })).json().data.dto;
      expect(dto.bankName).toBe('Barclays');
    });

    it('requires bank name, payee name and account (1001)', async () => {
      const s = await session();
      for (const blank of [{ bankName: '  ' }, { name: '' }, { account: '' }] as Array<
        Record<string, string>
      >) {
        expect((await insertCard(s, blank)).code).toBe(1001);
      }
      const { bankName: _b, ...noBankName } = cardBody(s.key);
      expect((await post(app, s.token, `${BANK}/insert`, noBankName)).json().code).toBe(1001);
    });

    it('refuses illegal characters with 23558, in plain and decoded fields', async () => {
      const s = await session();
      expect((await insertCard(s, { bankName: 'Bank <script>' })).code).toBe(23558);
      expect((await insertCard(s, { name: 'Ada\u0000Lovelace' })).code).toBe(23558);
      expect((await insertCard(s, { account: '1234;5678' })).code).toBe(23558);
      expect((await insertCard(s, { phoneNumber: '+44 abc' })).code).toBe(23558);
    });

    it('refuses malformed input with 1001, never HTTP 500', async () => {
      const s = await session();
      const bad: Array<Record<string, unknown>> = [
        { ...cardBody(s.key), account: 'not base64!' },
        { ...cardBody(s.key), account: encodeField('12345678', '0123456789abcdef0123456789abcdef') },
        { ...cardBody(s.key), name: encodeField('x'.repeat(101), s.key) },
        { ...cardBody(s.key), bankName: 'b'.repeat(101) },
        { ...cardBody(s.key), bankName: 42 },
      ];
      for (const body of bad) {
        const answer = await post(app, s.token, `${BANK}/insert`, body);
        expect(answer.statusCode).toBe(200);
        expect(answer.json().code).toBe(1001);
      }
      for (const id of ['0', 'abc', '-1', '1'.repeat(19)]) {
        expect((await post(app, s.token, `${BANK}/one`, { id })).json().code).toBe(1001);
      }
    });

    it(`keeps at most ${BANK_CARD_MAX} cards per user (1010)`, async () => {
      const s = await session();
      for (let i = 0; i < BANK_CARD_MAX; i += 1) expect((await insertCard(s)).code).toBe(0);
      expect((await insertCard(s)).code).toBe(1010);
    });

    it('refuses to delete a card a waiting withdrawal pays to (1067), and allows it once reviewed', async () => {
      const s = await session();
      const added = await insertCard(s);
      const { rows } = await app.db.query<{ id: string }>(
        `insert into cash_tickets (uid, user_id, action_type, method, bank_card_id, currency, amount, usd_amount)
         values ($1, $2, 1, 'bank', $3, 'USD', 100, 100) returning id::text`,
        [`w${s.userId}`, s.userId, added.data.id],
      );
      expect((await post(app, s.token, `${BANK}/delete`, { id: added.data.id })).json().code).toBe(1067);
      await app.db.query(`update cash_tickets set state = 'fail' where id = $1`, [rows[0]?.id]);
      expect((await post(app, s.token, `${BANK}/delete`, { id: added.data.id })).json().code).toBe(0);
      const ticket = await app.db.query<{ bank_card_id: string | null }>(
        'select bank_card_id from cash_tickets where id = $1',
        [rows[0]?.id],
      );
      expect(ticket.rows[0]?.bank_card_id).toBeNull();
    });

    it('answers 23523 when the brand has bank cards off, and on a demo session', async () => {
      const off = await session('aurora');
      const demo = await session('tradekit', true);
      for (const s of [off, demo]) {
        expect((await post(app, s.token, `${BANK}/all`)).json().code).toBe(23523);
        expect((await insertCard(s)).code).toBe(23523);
        expect((await post(app, s.token, `${BANK}/one`, { id: '1' })).json().code).toBe(23523);
      }
    });
  });

  describe('crypto addresses', () => {
    it('lists the coin/network options', async () => {
      const s = await session();
      const coins = (await post(app, s.token, COINS)).json();
      expect(coins.code).toBe(0);
      expect(
        coins.data.dtoList.map((c: { currency: string; protocol: string }) => `${c.currency}/${c.protocol}`),
      ).toEqual(['USDT/TRC20', 'USDT/ERC20', 'BTC/BTC', 'ETH/ERC20']);
      expect(coins.data.dtoList[0]).toMatchObject({
        id: 1,
        minWithdrawAmount: '50.00',
        logoUrl: '/coins/usdt.svg',
      });
    });

    it('saves addresses per network and lists them encoded with the coin limits', async () => {
      const s = await session();
      const tron = await saveAddress(s, 1, TRON);
      const evm = await saveAddress(s, 4, EVM);
      const btc = await saveAddress(s, 3, BECH32);
      expect([tron.code, evm.code, btc.code]).toEqual([0, 0, 0]);
      const list = (await post(app, s.token, `${WALLET}/all`, { pageNum: 1, pageSize: 1000 })).json();
      expect(list.code).toBe(0);
      expect(list.data.total).toBe(3);
      const [first, second] = list.data.list;
      expect(first).toMatchObject({
        walletId: tron.data.walletId,
        currencyId: 1,
        currencyName: 'USDT',
        protocol: 'TRC20',
        logoUrl: '/coins/usdt.svg',
      });
      expect(Number(first.minWithdrawAmount)).toBe(50);
      expect(first.cryptocurrencyAddress).not.toBe(TRON);
      expect(decodeField(first.cryptocurrencyAddress, s.key)).toBe(TRON);
      expect(second).toMatchObject({ currencyName: 'ETH', protocol: 'ERC20' });
      expect(decodeField(second.cryptocurrencyAddress, s.key)).toBe(EVM);
    });

    it('keeps the address sealed at rest', async () => {
      const s = await session();
      const saved = await saveAddress(s, 2, EVM);
      const { rows } = await app.db.query('select * from crypto_addresses where id = $1', [
        saved.data.walletId,
      ]);
      const stored = JSON.stringify(rows[0]).toLowerCase();
      expect(stored).not.toContain(EVM.slice(2, 20).toLowerCase());
    });

    it('refuses an empty address (1049), one of another network (1047) and an unknown coin (1055)', async () => {
      const s = await session();
      expect((await saveAddress(s, 1, '   ')).code).toBe(1049);
      expect(
        (await post(app, s.token, `${WALLET}/insert`, { currencyId: 1, cryptocurrencyAddress: '' })).json()
          .code,
      ).toBe(1049);
      expect((await saveAddress(s, 1, EVM)).code).toBe(1047);
      expect((await saveAddress(s, 2, TRON)).code).toBe(1047);
      expect((await saveAddress(s, 3, 'bc1<script>')).code).toBe(1047);
      expect((await saveAddress(s, 99, TRON)).code).toBe(1055);
    });

    it('refuses an address already saved for the coin (1031), whatever the case of a hex address', async () => {
      const s = await session();
      expect((await saveAddress(s, 2, EVM)).code).toBe(0);
      expect((await saveAddress(s, 2, EVM.toLowerCase().replace('0x', '0x'))).code).toBe(1031);
      // The same address on another coin of the same network is another entry.
      expect((await saveAddress(s, 4, EVM)).code).toBe(0);
      // Another user may save it too.
      expect((await saveAddress(await session(), 2, EVM)).code).toBe(0);
    });

    it('refuses malformed input with 1001', async () => {
      const s = await session();
      const bodies: Array<Record<string, unknown>> = [
        { currencyId: 1, cryptocurrencyAddress: 'no base64 here!' },
        { currencyId: 1, cryptocurrencyAddress: encodeField(TRON, '0123456789abcdef0123456789abcdef') },
        { currencyId: '1x', cryptocurrencyAddress: encodeField(TRON, s.key) },
        { cryptocurrencyAddress: encodeField(TRON, s.key) },
      ];
      for (const body of bodies) {
        const answer = await post(app, s.token, `${WALLET}/insert`, body);
        expect(answer.statusCode).toBe(200);
        expect(answer.json().code).toBe(1001);
      }
      expect((await post(app, s.token, `${WALLET}/delete`, { walletId: 'x' })).json().code).toBe(1001);
    });

    it("answers another user's address exactly like a missing one on delete", async () => {
      const owner = await session();
      const intruder = await session();
      const saved = await saveAddress(owner, 1, TRON);
      const theirs = await post(app, intruder.token, `${WALLET}/delete`, { walletId: saved.data.walletId });
      const missing = await post(app, intruder.token, `${WALLET}/delete`, { walletId: '999999999' });
      expect(theirs.json()).toEqual(missing.json());
      expect(theirs.json().code).toBe(1051);
      const list = (await post(app, owner.token, `${WALLET}/all`, {})).json();
      expect(list.data.list).toHaveLength(1);
      expect(
        (await post(app, owner.token, `${WALLET}/delete`, { walletId: saved.data.walletId })).json().code,
      ).toBe(0);
      expect((await post(app, owner.token, `${WALLET}/all`, {})).json().data).toEqual({ list: [], total: 0 });
    });

    it(`keeps at most ${CRYPTO_ADDRESS_MAX} addresses per user (1010)`, async () => {
      const s = await session();
      for (let i = 0; i < CRYPTO_ADDRESS_MAX; i += 1) {
        const address = `0x${i.toString(16).padStart(40, '0')}`;
        expect((await saveAddress(s, 2, address)).code).toBe(0);
      }
      expect((await saveAddress(s, 1, TRON)).code).toBe(1010);
    });

    it('answers 23523 with user/cryptoWallet off, with NO_WALLET_WITHDRAW on, and on a demo session', async () => {
      const brand = app.brand.get('meridian');
      if (!brand) throw new Error('meridian brand missing');
      const saved = brand.systemConfigs.map((entry) => ({ ...entry }));
      const setFlag = (name: string, enable: boolean) => {
        const entry = brand.systemConfigs.find((e) => e.name === name);
        if (entry) entry.enable = enable;
      };
      const s = await session('meridian');
      try {
        setFlag('user/cryptoWallet', false);
        expect((await saveAddress(s, 1, TRON)).code).toBe(23523);
        setFlag('user/cryptoWallet', true);
        setFlag('NO_WALLET_WITHDRAW', true);
        expect((await post(app, s.token, `${WALLET}/all`, {})).json().code).toBe(23523);
        setFlag('NO_WALLET_WITHDRAW', false);
        expect((await saveAddress(s, 1, TRON)).code).toBe(0);
      } finally {
        brand.systemConfigs.splice(0, brand.systemConfigs.length, ...saved);
      }
      const demo = await session('tradekit', true);
      expect((await saveAddress(demo, 1, TRON)).code).toBe(23523);
      expect((await post(app, demo.token, `${WALLET}/delete`, { walletId: '1' })).json().code).toBe(23523);
    });
  });

  it('never writes a personal value to the log', async () => {
    const s = await session();
    const before = logLines.length;
    const secretAccount = 'DE89370400440532013000';
    const secretAddress = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
    await insertCard(s, { account: secretAccount, name: 'Grace Hopper' });
    await insertCard(s, { account: '9999;bad' });
    await saveAddress(s, 1, secretAddress);
    await saveAddress(s, 2, secretAddress);
    const written = logLines.slice(before).join('\n');
    expect(written.length).toBeGreaterThan(0);
    for (const secret of [secretAccount, '0532013000', 'Grace Hopper', secretAddress, '9999;bad']) {
      expect(written).not.toContain(secret);
    }
  });
});
