/** Test helpers of the withdrawal suites (and of the trading and option suites that test 406). */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Envelope } from '../../../src/core/contract/envelope';
import { sub, toFixed } from '../../../src/core/domain/decimal';
import {
  AdminWithdrawalApprove,
  AdminWithdrawalReject,
  WithdrawSubmit,
  type WithdrawalTicket,
} from '../../../src/core/contract/withdrawals';
import { fillPath, serverUrl } from '../../../src/core/contract/endpoint';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { encodeField } from '../cashier';

/** An address of the USDT TRC20 shape (the tests' destination). */
export const TEST_ADDRESS = 'TXYZabcdefghijkmnopqrstuvwxyz12345';

/** A destination of each seeded coin's network (1 USDT TRC20, 2 USDT ERC20, 3 BTC, 4 ETH on ERC20). */
export const TEST_ADDRESSES: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: TEST_ADDRESS,
  2: '0x52908400098527886E0F7030069857D2E4169EE7',
  3: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  4: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
};

/** The field-encoding key of the user's newest real session (what the browser reads from its token). */
export async function realSessionKey(app: FastifyInstance, userId: string): Promise<string> {
  const { rows } = await app.db.query<{ aes_key: string }>(
    `select aes_key from auth_sessions where user_id = $1 and not virtual order by created_at_ms desc limit 1`,
    [userId],
  );
  const key = rows[0]?.aes_key;
  if (!key) throw new Error('the user has no real session');
  return key;
}

/** POST the withdrawal submit (contract `WithdrawSubmit`) with an Idempotency-Key (fresh unless given). */
export async function postWithdraw(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<Envelope<WithdrawalTicket>> {
  const res = await app.inject({
    method: 'POST',
    url: serverUrl(WithdrawSubmit.service, WithdrawSubmit.path),
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  });
  return res.json<Envelope<WithdrawalTicket>>();
}

/**
 * A USDT (TRC20, coin 1: fee 25 fixed) withdrawal of `num` to a typed address, its practical amount as the
 * server quotes it (num − 25).
 */
export async function withdrawUsdt(
  app: FastifyInstance,
  user: { id: string; token: string },
  num: string,
  key?: string,
): Promise<Envelope<WithdrawalTicket>> {
  const aesKey = await realSessionKey(app, user.id);
  const practical = toFixed(sub(num, '25'), 5);
  return postWithdraw(
    app,
    user.token,
    {
      num,
      practicalNum: practical,
      currencyId: 1,
      paymentAddress: encodeField(TEST_ADDRESS, aesKey),
      locale: 'en',
    },
    key,
  );
}

/** Approves or rejects a withdrawal through the admin API. */
export async function decideWithdrawal(
  app: FastifyInstance,
  id: string,
  decision: 'approve' | 'reject',
  reason = 'Destination does not match the account holder',
): Promise<Envelope<{ withdrawal: { state: string } }>> {
  const res = await app.inject({
    method: 'POST',
    url: serverUrl(
      'admin',
      fillPath((decision === 'approve' ? AdminWithdrawalApprove : AdminWithdrawalReject).path, { id }),
    ),
    payload: decision === 'reject' ? { reason } : {},
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return res.json();
}
