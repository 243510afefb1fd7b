/** Every query of `kyc_submissions` (identity verification, issue #20). Every value is a bound parameter. */
import type { KycLevel, KycReviewState, VerifiedStatus } from '../../../src/core/contract/kyc';
import type { Queryable } from '../db/types';

/** Row status: 1 waiting, 2 approved, 3 rejected, 4 superseded by a resubmission. */
export const SubmissionStatus = { waiting: 1, approved: 2, rejected: 3, superseded: 4 } as const;
type RowStatus = (typeof SubmissionStatus)[keyof typeof SubmissionStatus];

export const REVIEW_STATE_OF: Record<RowStatus, KycReviewState> = {
  1: 'waiting',
  2: 'approved',
  3: 'rejected',
  4: 'superseded',
};

/** A submission as the server works with it. */
export interface SubmissionRow {
  id: string;
  userId: string;
  userUid: string;
  brandId: string;
  level: KycLevel;
  status: RowStatus;
  realName: string;
  idCard: string;
  idType: number | null;
  authEmail: string | null;
  imgFront: string | null;
  imgReverse: string | null;
  imgSelfie: string | null;
  reason: string;
  createdAt: number;
  reviewedAt: number | null;
  reviewedBy: string | null;
}

const COLUMNS = `k.id::text as id, k.user_id::text as "userId", u.uid as "userUid", u.brand_id as "brandId",
  k.level, k.status, k.real_name as "realName", k.id_card as "idCard", k.id_type as "idType",
  k.auth_email as "authEmail", k.img_front as "imgFront", k.img_reverse as "imgReverse",
  k.img_selfie as "imgSelfie", k.reason,
  (extract(epoch from k.created_at) * 1000)::bigint::text as "createdAt",
  (extract(epoch from k.reviewed_at) * 1000)::bigint::text as "reviewedAt", k.reviewed_by as "reviewedBy"`;
const FROM = 'kyc_submissions k join users u on u.id = k.user_id';

type Raw = Omit<SubmissionRow, 'createdAt' | 'reviewedAt' | 'status' | 'idType'> & {
  createdAt: string;
  reviewedAt: string | null;
  status: number | string;
  idType: number | string | null;
};

function toRow(raw: Raw): SubmissionRow {
  return {
    ...raw,
    status: Number(raw.status) as RowStatus,
    idType: raw.idType === null ? null : Number(raw.idType),
    createdAt: Number(raw.createdAt),
    reviewedAt: raw.reviewedAt === null ? null : Number(raw.reviewedAt),
  };
}

/** One submission by id (`lock`: FOR UPDATE of the submission row), or null. */
export async function findSubmission(q: Queryable, id: string, lock = false): Promise<SubmissionRow | null> {
  const { rows } = await q.query<Raw>(
    `select ${COLUMNS} from ${FROM} where k.id = $1${lock ? ' for update of k' : ''}`,
    [id],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The user's newest submission of a level that counts (superseded ones never do), or null. */
export async function latestSubmission(
  q: Queryable,
  userId: string,
  level: KycLevel,
): Promise<SubmissionRow | null> {
  const { rows } = await q.query<Raw>(
    `select ${COLUMNS} from ${FROM} where k.user_id = $1 and k.level = $2 and k.status <> 4
      order by k.id desc limit 1`,
    [userId, level],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The spec's verifiedStatus of a row (none: 0). */
export function statusOf(row: SubmissionRow | null): VerifiedStatus {
  if (!row) return 0;
  return row.status === SubmissionStatus.approved ? 2 : row.status === SubmissionStatus.rejected ? 3 : 1;
}

/** SQL boolean: the user `$1` holds an approved submission of a level at or above the one `$2` names. */
export const HOLDS_LEVEL_SQL = `exists (select 1 from kyc_submissions s where s.user_id = $1 and s.status = 2
  and (s.level = 'advanced' or $2::text = 'junior'))`;

/** Whether the user holds `level` (an advanced approval holds junior too). */
export async function holdsLevel(q: Queryable, userId: string, level: KycLevel): Promise<boolean> {
  const { rows } = await q.query<{ holds: boolean }>(`select ${HOLDS_LEVEL_SQL} as holds`, [userId, level]);
  return rows[0]?.holds === true;
}

/** What a new submission holds. */
export interface NewSubmission {
  userId: string;
  level: KycLevel;
  realName: string;
  idCard: string;
  idType: number | null;
  authEmail: string | null;
  imgFront: string | null;
  imgReverse: string | null;
  imgSelfie: string | null;
  locale: string | null;
}

/** Marks the user's waiting submission of a level superseded; answers whether one was. */
export async function supersedeWaiting(q: Queryable, userId: string, level: KycLevel): Promise<boolean> {
  const { rows } = await q.query(
    `update kyc_submissions set status = 4 where user_id = $1 and level = $2 and status = 1 returning id`,
    [userId, level],
  );
  return rows.length > 0;
}

/** Inserts a waiting submission; answers it. */
export async function insertSubmission(q: Queryable, row: NewSubmission): Promise<SubmissionRow> {
  const { rows } = await q.query<{ id: string }>(
    `insert into kyc_submissions (user_id, level, real_name, id_card, id_type, auth_email, img_front,
                                  img_reverse, img_selfie, locale)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text as id`,
    [
      row.userId,
      row.level,
      row.realName,
      row.idCard,
      row.idType,
      row.authEmail,
      row.imgFront,
      row.imgReverse,
      row.imgSelfie,
      row.locale,
    ],
  );
  return (await findSubmission(q, (rows[0] as { id: string }).id)) as SubmissionRow;
}

/** Marks a waiting submission decided; false when it no longer waits. */
export async function decideSubmission(
  q: Queryable,
  id: string,
  approve: boolean,
  reason: string,
  actor: string,
): Promise<boolean> {
  const { rows } = await q.query(
    `update kyc_submissions set status = $2, reason = $3, reviewed_at = now(), reviewed_by = $4
      where id = $1 and status = 1 returning id`,
    [id, approve ? SubmissionStatus.approved : SubmissionStatus.rejected, reason, actor],
  );
  return rows.length === 1;
}

/** Keeps the approved name and id number on the user (what `user/info` shows). */
export async function recordIdentity(q: Queryable, userId: string, realName: string, idCard: string) {
  await q.query('update users set real_name = $2, id_number = $3 where id = $1', [userId, realName, idCard]);
}

/** A page of submissions in a state: waiting oldest first (a queue), the others newest first. */
export async function listSubmissions(
  q: Queryable,
  status: RowStatus,
  page: number,
  limit: number,
): Promise<{ list: SubmissionRow[]; total: number }> {
  const order = status === SubmissionStatus.waiting ? 'k.id asc' : 'k.id desc';
  const { rows } = await q.query<Raw>(
    `select ${COLUMNS} from ${FROM} where k.status = $1 order by ${order} limit $2 offset $3`,
    [status, limit, (page - 1) * limit],
  );
  const count = await q.query<{ total: string }>(
    'select count(*)::text as total from kyc_submissions where status = $1',
    [status],
  );
  return { list: rows.map(toRow), total: Number(count.rows[0]?.total ?? 0) };
}

/** Whether `file` is one of the images of any of the user's submissions (the owner's image route). */
export async function ownsImage(q: Queryable, userId: string, file: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from kyc_submissions where user_id = $1 and (img_front = $2 or img_reverse = $2 or img_selfie = $2)
      limit 1`,
    [userId, file],
  );
  return rows.length > 0;
}

/** The user id of a public uid, or null. */
export async function userIdOfUid(q: Queryable, uid: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>('select id::text as id from users where uid = $1', [uid]);
  return rows[0]?.id ?? null;
}

/** The user's email and how they registered (the 1156 rule). */
export async function contactOf(
  q: Queryable,
  userId: string,
): Promise<{ email: string | null; registerType: string } | null> {
  const { rows } = await q.query<{ email: string | null; register_type: string }>(
    'select email, register_type from users where id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { email: row.email, registerType: row.register_type.trim() } : null;
}
