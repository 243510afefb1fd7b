// The cashier states of the layout matrix (issue #26 item 9): the matrix's one trader gets a long saved
// crypto address, a refused deposit with its reason and a wallet transfer, through the real routes.
import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { encodeField } from '../../src/core/codec/field-codec';
import { decodeTokenPayload } from '../../src/core/session/token-payload';
import type { Account } from './auth-steps';
import { apiToken, fundedAccount, post } from './trading-steps';

const baseUrl = inject('baseUrl');

/** A 62-character bech32 (P2WSH) Bitcoin address: the longest a trader saves. */
export const LONG_ADDRESS = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3';
/** Coin 3 of the seed: BTC on its own network. */
const BTC = 3;
/** An operator's reason as long as real ones are. */
export const REFUSAL =
  'The proof shows another amount and no transfer reference: send the bank statement of this deposit again.';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function idempotentPost(path: string, token: string, body: BodyInit, json: boolean): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      ...(json ? { 'content-type': 'application/json' } : {}),
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
    body,
  });
  return response.json();
}

/** Saves LONG_ADDRESS (encoded with the session's key, as the widget does). */
async function saveLongAddress(token: string): Promise<void> {
  const key = decodeTokenPayload(token)?.aesKey;
  const saved = await post(
    '/v1/waa/cryptocurrency/user/wallet/insert',
    { currencyId: BTC, cryptocurrencyAddress: encodeField(LONG_ADDRESS, key) },
    token,
  );
  expect(saved.code).toBe(0);
}

/** A USDT deposit of 2,500.55 with its proof, refused by the admin API with REFUSAL. */
async function refusedDeposit(token: string): Promise<void> {
  const form = new FormData();
  form.set('metaData', JSON.stringify({ coinId: 1, amt: '2500.55', locale: 'en', agreement: true }));
  form.set('depositProof', new Blob([PNG_1X1], { type: 'image/png' }), 'proof.png');
  const submitted = (await idempotentPost('/v1/waa/user/deposit', token, form, false)) as {
    code: number;
    data: { id: string };
  };
  expect(submitted.code).toBe(0);
  const refused = await post(`/admin/v1/deposits/${submitted.data.id}/reject`, { reason: REFUSAL }, 'admin');
  expect(refused.code).toBe(0);
}

/** 123.45 USD of the balance transferred into the BTC wallet (a wallet record with its transfer id). */
async function transferToBtc(token: string): Promise<void> {
  const body = { curr: 'BTC', currId: BTC, type: 0, num: '123.45' };
  const quote = await post<{ fee: string; practical: string; unit: string }>(
    '/v1/waa/user/crypto/transform/calculate',
    body,
    token,
  );
  expect(quote.code).toBe(0);
  const done = (await idempotentPost(
    '/v1/waa/user/crypto/transform',
    token,
    JSON.stringify({ ...body, ...quote.data }),
    true,
  )) as { code: number };
  expect(done.code).toBe(0);
}

/** A funded trader with the cashier states of the matrix. */
export async function traderWithRecords(): Promise<Account & { uid: string }> {
  const trader = await fundedAccount();
  const token = await apiToken(trader);
  await saveLongAddress(token);
  await refusedDeposit(token);
  await transferToBtc(token);
  return trader;
}
