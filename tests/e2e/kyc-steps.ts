// The identity verification a trader must hold before a withdrawal (the careful default policy, KC1), given
// the honest way: the advanced level submitted through `user/auth/submit` with three real images, then
// approved through the compliance admin API, as an operator would.
import { expect, inject } from 'vitest';
import type { AdminKyc } from '../../src/core/contract/kyc';
import { post } from './trading-steps';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');

/** A 1×1 PNG: a real image the server's content check accepts. */
export const KYC_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Submits the advanced level of the trader of `token` (name, number, the three images). */
export async function submitAdvanced(token: string, realName = 'Ada Lovelace'): Promise<void> {
  const form = new FormData();
  form.set('metaData', JSON.stringify({ realName, idCard: 'E2E-123456', locale: 'en' }));
  for (const part of ['cardImgFront', 'cardImgReverse', 'cardImgAvatar'])
    form.set(part, new Blob([KYC_PNG], { type: 'image/png' }), `${part}.png`);
  const response = await fetch(`${baseUrl}/v1/waa/user/auth/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(((await response.json()) as { code: number }).code).toBe(0);
}

/** The waiting submission of `uid` at `level` in the compliance queue. */
export async function waitingSubmission(uid: string, level = 'advanced'): Promise<AdminKyc> {
  const response = await fetch(`${baseUrl}/admin/v1/kyc?status=waiting&limit=100`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const answer = (await response.json()) as { code: number; data: { list: AdminKyc[] } };
  expect(answer.code).toBe(0);
  const found = answer.data.list.find((item) => item.userUid === uid && item.level === level);
  expect(found, `waiting ${level} submission of ${uid}`).toBeDefined();
  return found as AdminKyc;
}

/** Approves (or rejects with `reason`) the waiting submission of `uid` through the admin API. */
export async function decideKyc(uid: string, reason: string | null, level = 'advanced'): Promise<void> {
  const { id } = await waitingSubmission(uid, level);
  const answer = await post(
    `/admin/v1/kyc/${id}/${reason === null ? 'approve' : 'reject'}`,
    reason === null ? {} : { reason },
    'admin',
  );
  expect(answer.code).toBe(0);
}

/** Gives the trader of `token` (public id `uid`) an approved advanced verification. */
export async function verifyIdentity(token: string, uid: string): Promise<void> {
  await submitAdvanced(token);
  await decideKyc(uid, null);
}
