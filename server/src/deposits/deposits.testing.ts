/** Test support of the deposit suites: submissions as multipart with an idempotency key. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SubmitDeposit } from '../../../src/core/contract/deposits';
import { serverUrl } from '../../../src/core/contract/endpoint';
import { multipart, PNG_1X1, type FormPart } from '../users/multipart.testing';

export const DEPOSIT_URL = serverUrl(SubmitDeposit.service, SubmitDeposit.path);

/** A fresh Idempotency-Key. */
export const newKey = () => `k-${randomBytes(8).toString('hex')}`;

/** Submits a deposit: `meta` as the metaData JSON, `proof` the image (PNG unless given; null: none). */
export function submit(
  app: FastifyInstance,
  token: string,
  meta: Record<string, unknown> | string,
  options: { proof?: Buffer | null; key?: string | null; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const parts: FormPart[] = [
    { name: 'metaData', value: typeof meta === 'string' ? meta : JSON.stringify(meta) },
  ];
  const proof = options.proof === undefined ? PNG_1X1 : options.proof;
  if (proof) {
    parts.push({
      name: 'depositProof',
      filename: 'proof.png',
      contentType: options.contentType ?? 'image/png',
      data: proof,
    });
  }
  const body = multipart(parts);
  const key = options.key === undefined ? newKey() : options.key;
  return app.inject({
    method: 'POST',
    url: DEPOSIT_URL,
    payload: body.payload,
    headers: {
      ...body.headers,
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
}

/** The real USD balance of a user ('0' without an account). */
export async function realBalance(app: FastifyInstance, userId: string): Promise<string> {
  const { rows } = await app.db.query<{ balance: string }>(
    `select balance::text as balance from ledger_accounts where owner_kind = 'user' and user_id = $1 and kind = 'real'`,
    [userId],
  );
  return rows[0]?.balance ?? '0';
}
