// Cashier steps shared by the browser files: a deposit that waits in the operators' review queue, made through
// the trader's real route (with its proof), and its refusal once the file is done.
import { afterAll, expect, inject } from 'vitest';
import type { Account } from './auth-steps';
import { apiToken, post } from './trading-steps';

const baseUrl = inject('baseUrl');

/** A 1×1 PNG: the deposit's proof. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Submits a USDT deposit of `amount` for `account`; `key` names the request (its idempotency key). */
export type SubmitWaitingDeposit = (account: Account, amount: string, key: string) => Promise<string>;

/**
 * Waiting deposits for one file. Call it at the file's top level: the server is shared by every browser file,
 * so each deposit the returned function submits (answering its id) is refused with `reason` after the file,
 * and the review queue is left empty for the next one.
 */
export function waitingDeposits(reason: string): SubmitWaitingDeposit {
  const waiting: string[] = [];
  afterAll(async () => {
    for (const id of waiting) await post(`/admin/v1/deposits/${id}/reject`, { reason }, 'admin');
  });
  return async (account, amount, key) => {
    const token = await apiToken(account);
    const form = new FormData();
    form.set('metaData', JSON.stringify({ coinId: 1, amt: amount, locale: 'en', agreement: true }));
    form.set('depositProof', new Blob([PNG], { type: 'image/png' }), 'proof.png');
    const response = await fetch(`${baseUrl}/v1/waa/user/deposit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: form,
    });
    const deposit = (await response.json()) as { code: number; data: { id: string } };
    expect(deposit.code).toBe(0);
    waiting.push(deposit.data.id);
    return deposit.data.id;
  };
}
