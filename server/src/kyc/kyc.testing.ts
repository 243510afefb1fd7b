/** Test support of the kyc suites: submissions through the spec's calls, decisions through the admin API. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { fillPath, serverUrl } from '../../../src/core/contract/endpoint';
import {
  AdminApproveKyc,
  AdminRejectKyc,
  GetJuniorVerification,
  GetVerification,
  SubmitJuniorVerification,
  SubmitVerification,
  type KycPolicy,
} from '../../../src/core/contract/kyc';
import { admin, post } from '../accounts/test-app';
import { multipart, PNG_1X1, type FormPart } from '../users/multipart.testing';

export const AUTH_URL = serverUrl(GetVerification.service, GetVerification.path);
export const FIRST_AUTH_URL = serverUrl(GetJuniorVerification.service, GetJuniorVerification.path);
export const SUBMIT_URL = serverUrl(SubmitVerification.service, SubmitVerification.path);
export const FIRST_SUBMIT_URL = serverUrl(SubmitJuniorVerification.service, SubmitJuniorVerification.path);

/** The three images of an advanced submission (real PNGs unless replaced). */
export function images(change: Partial<Record<string, Buffer | null>> = {}): FormPart[] {
  const parts: FormPart[] = [];
  for (const name of ['cardImgFront', 'cardImgReverse', 'cardImgAvatar']) {
    const data = name in change ? change[name] : PNG_1X1;
    if (data) parts.push({ name, filename: `${name}.png`, contentType: 'image/png', data });
  }
  return parts;
}

/** The metaData of tradekit (both levels, two id types, no auth email). */
export const META = { realName: 'Ada Lovelace', idCard: 'P1234567', idType: 1, locale: 'en' };

/** POST `user/auth/submit` with `meta` (JSON text unless a string) and the image parts. */
export function submitAdvanced(
  app: FastifyInstance,
  token: string,
  meta: Record<string, unknown> | string = META,
  parts: FormPart[] = images(),
): Promise<LightMyRequestResponse> {
  const form = multipart([
    ...parts,
    { name: 'metaData', value: typeof meta === 'string' ? meta : JSON.stringify(meta) },
  ]);
  return app.inject({
    method: 'POST',
    url: SUBMIT_URL,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
}

/** POST `user/first/auth/submit`. */
export const submitJunior = (
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = { realName: 'Ada Lovelace', idCard: 'P1234567', locale: 'en' },
) => post(app, token, FIRST_SUBMIT_URL, body);

/** GET a verification record with the bearer token. */
export async function record(app: FastifyInstance, token: string, url = AUTH_URL, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `${url}${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json();
}

/** Approves or rejects a submission through the admin API (admin token). */
export function decide(app: FastifyInstance, id: string, approve: boolean, reason = 'The photo is blurred') {
  const declared = approve ? AdminApproveKyc : AdminRejectKyc;
  const url = serverUrl('admin', fillPath(declared.path, { id }));
  return admin(app, 'POST', url, approve ? {} : { reason });
}

/** The id of the user's newest waiting submission of a level. */
export async function waitingId(app: FastifyInstance, userId: string, level: 'junior' | 'advanced') {
  const { rows } = await app.db.query<{ id: string }>(
    `select id::text as id from kyc_submissions where user_id = $1 and level = $2 and status = 1`,
    [userId, level],
  );
  return rows[0]?.id as string;
}

/** Runs `fn` with the brand's KYC policy (and flags) changed in memory, then restores them. */
export async function withBrand<T>(
  app: FastifyInstance,
  brandId: string,
  change: { kyc?: KycPolicy; flags?: Record<string, boolean> },
  fn: () => Promise<T>,
): Promise<T> {
  const brand = app.brand.get(brandId);
  if (!brand) throw new Error(`no brand ${brandId}`);
  const settings = brand.settings;
  const configs = brand.systemConfigs;
  brand.settings = { ...settings, ...(change.kyc ? { kyc: change.kyc } : {}) };
  brand.systemConfigs = configs.map((entry) =>
    change.flags && entry.name in change.flags
      ? { ...entry, enable: change.flags[entry.name] as boolean }
      : entry,
  );
  try {
    return await fn();
  } finally {
    brand.settings = settings;
    brand.systemConfigs = configs;
  }
}
