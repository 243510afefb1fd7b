/**
 * Submitting a verification level (spec §4, §5, §7): the statuses that allow it (0, 1, 3; 1014 otherwise),
 * the fields each brand asks for, and the images of the advanced level, read from the multipart stream into
 * the file store with their content and size checked as they arrive.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  EDITABLE_STATUSES,
  ID_TYPES,
  KYC_IMAGE_PARTS,
  KYC_TEXT_MAX,
  levelsOf,
  type IdType,
  type KycImagePart,
  type KycLevel,
  type KycMeta,
  type VerifiedStatus,
} from '../../../src/core/contract/kyc';
import { brandFlag } from '../accounts';
import { parseEmail } from '../auth';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { AvatarRejected, type AvatarStore } from '../users';
import {
  holdsLevel,
  insertSubmission,
  latestSubmission,
  statusOf,
  supersedeWaiting,
  type SubmissionRow,
} from './repo';

const BAD = Code.INCORRECT_PARAMETER;

/** Most submissions (both levels) one user may file in 24 hours; more answers 1110 (stored images are kept). */
export const KYC_SUBMISSIONS_PER_DAY = 10;
const DAY_MS = 24 * 3600 * 1000;

/** Anything below U+0020 and DEL: refused in names and numbers, as the contract's `Str` refuses them. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A trimmed text field of 1–140 characters without control characters; 1001 otherwise. */
export function textField(value: unknown): string {
  if (typeof value !== 'string') throw new BusinessError(BAD);
  const text = value.trim();
  if (!text || text.length > KYC_TEXT_MAX || CONTROL.test(text)) throw new BusinessError(BAD);
  return text;
}

/** The caller's status of a level: its newest submission's, and 2 for junior once advanced is approved. */
export async function levelStatus(q: Queryable, userId: string, level: KycLevel): Promise<VerifiedStatus> {
  const own = statusOf(await latestSubmission(q, userId, level));
  if (level === 'junior' && own !== 2 && (await holdsLevel(q, userId, 'advanced'))) return 2;
  return own;
}

/** 23523 when the brand does not offer the level (spec §1: the brand decides which levels exist). */
export function assertOffered(app: FastifyInstance, brandId: string, level: KycLevel): void {
  const style = app.brand.get(brandId)?.settings.verifyStyle;
  if (!style || !levelsOf(style).includes(level)) throw new BusinessError(Code.ILLEGAL_STATUS);
}

/** Parses the advanced `metaData` against the brand's flags (idType with twoTypeVerified, authEmail with addVerifiedEmail). */
export function parseKycMeta(app: FastifyInstance, brandId: string, text: string | undefined): KycMeta {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw new BusinessError(BAD, 'metaData must be JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BusinessError(BAD);
  const m = value as Record<string, unknown>;
  const meta: KycMeta = { realName: textField(m.realName), idCard: textField(m.idCard) };
  const idType = m.idType === undefined || m.idType === null || m.idType === '' ? 0 : Number(m.idType);
  if (!ID_TYPES.includes(idType as IdType)) throw new BusinessError(BAD, 'idType');
  // Without the brand's two document types the document is the ID card.
  if (idType !== 0 && !brandFlag(app, brandId, 'twoTypeVerified')) throw new BusinessError(BAD, 'idType');
  meta.idType = idType as IdType;
  const email = typeof m.authEmail === 'string' ? m.authEmail.trim() : m.authEmail;
  if (brandFlag(app, brandId, 'addVerifiedEmail')) {
    if (typeof email !== 'string' || !email) throw new BusinessError(BAD, 'authEmail required');
    meta.authEmail = parseEmail(email);
  } else if (email !== undefined && email !== null && email !== '') {
    throw new BusinessError(BAD, 'authEmail');
  }
  if (
    m.locale !== undefined &&
    (typeof m.locale !== 'string' || m.locale.length > 16 || CONTROL.test(m.locale))
  )
    throw new BusinessError(BAD);
  if (typeof m.locale === 'string') meta.locale = m.locale;
  return meta;
}

/** The parts of an advanced submission: the metaData text and the stored images by part name. */
export interface KycParts {
  meta: string | undefined;
  images: Partial<Record<KycImagePart, string>>;
}

/** The business answer of a failed upload (store refusals and multipart limits), or null. */
function rejection(error: unknown): BusinessError | null {
  if (error instanceof BusinessError) return error;
  if (error instanceof AvatarRejected) {
    if (error.reason === 'empty') return new BusinessError(Code.UPLOAD_EMPTY);
    if (error.reason === 'size') return new BusinessError(BAD, 'image larger than 10 MB');
    return new BusinessError(BAD, 'illegal image type (jpeg, png or heic)');
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new BusinessError(BAD, 'image larger than 10 MB');
  if (code.startsWith('FST_')) return new BusinessError(BAD);
  return null;
}

/** Removes stored files of a refused submission (best effort: a leftover is only an unreferenced file). */
export async function discard(store: AvatarStore, parts: KycParts): Promise<void> {
  await Promise.all(Object.values(parts.images).map((file) => store.remove(file).catch(() => undefined)));
}

/**
 * Reads the multipart stream: each image part (at most once each) streams into the store, checked by its
 * first bytes and its running size; `metaData` is kept as text. On any refusal the stored files are removed.
 */
export async function readKycParts(request: FastifyRequest, store: AvatarStore): Promise<KycParts> {
  if (!request.isMultipart()) throw new BusinessError(BAD);
  const parts: KycParts = { meta: undefined, images: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const name = part.fieldname as KycImagePart;
        if (!KYC_IMAGE_PARTS.includes(name) || parts.images[name]) throw new BusinessError(BAD);
        parts.images[name] = (await store.save(part.file)).file;
      } else if (part.fieldname === 'metaData') {
        parts.meta = String(part.value);
      }
    }
  } catch (error) {
    await discard(store, parts);
    throw rejection(error) ?? error;
  }
  return parts;
}

/** What a submission files, before the status check. */
export interface Filing {
  level: KycLevel;
  realName: string;
  idCard: string;
  idType: number | null;
  authEmail: string | null;
  images: Partial<Record<KycImagePart, string>>;
  locale: string | null;
}

/**
 * Files a submission in one transaction holding the user's row: 1014 unless the level's status is 0, 1 or 3;
 * 1110 beyond the day's submissions; a waiting one is superseded (an operator's decision on it answers 1014).
 * Advanced images: all three at status 0 (23553 when one is missing); later, a missing one keeps the last
 * submission's.
 */
export async function fileSubmission(
  app: FastifyInstance,
  userId: string,
  filing: Filing,
): Promise<SubmissionRow> {
  return app.db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [userId]);
    const status = await levelStatus(tx, userId, filing.level);
    if (!EDITABLE_STATUSES.includes(status)) throw new BusinessError(Code.WRONG_REAL_NAME_STATUS);
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from kyc_submissions where user_id = $1 and created_at > $2::timestamptz`,
      [userId, new Date(app.clock.now() - DAY_MS).toISOString()],
    );
    if (Number(rows[0]?.n ?? 0) >= KYC_SUBMISSIONS_PER_DAY) throw new BusinessError(Code.TOO_FREQUENT);
    const previous = await latestSubmission(tx, userId, filing.level);
    const image = (part: KycImagePart, kept: string | null | undefined) => {
      const file = filing.images[part] ?? kept ?? null;
      if (filing.level === 'advanced' && !file)
        throw new BusinessError(Code.UPLOAD_EMPTY, `${part} required`);
      return filing.level === 'advanced' ? file : null;
    };
    const row = {
      userId,
      level: filing.level,
      realName: filing.realName,
      idCard: filing.idCard,
      idType: filing.idType,
      authEmail: filing.authEmail,
      imgFront: image('cardImgFront', previous?.imgFront),
      imgReverse: image('cardImgReverse', previous?.imgReverse),
      imgSelfie: image('cardImgAvatar', previous?.imgSelfie),
      locale: filing.locale,
    };
    await supersedeWaiting(tx, userId, filing.level);
    return insertSubmission(tx, row);
  });
}
