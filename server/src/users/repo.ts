/**
 * The one repository of the `users` table: every query of the identity (auth), profile (users), accounts and
 * admin code goes through here, so that a column is read and written in one place. Session checks that join
 * `users` with `auth_sessions` stay with the sessions (server/src/auth), and the ledger owns its own tables.
 */
import { randomInt } from 'node:crypto';
import type { AdminUserPage } from '../../../src/core/contract/admin';
import type { RegisterType } from '../../../src/core/contract/auth';
import type { ColorSchemeId } from '../../../src/core/contract/users';
import { Code } from '../../../src/core/contract/codes';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { toMoney } from '../ledger';

// ---------------------------------------------------------------------------------------------------------
// Profile reads (camelCase records)

/** The columns of a user that the profile, accounts and admin code read. */
export interface UserRecord {
  id: string;
  uid: string;
  brandId: string;
  email: string | null;
  phone: string | null;
  areaCode: string | null;
  country: string | null;
  registerType: RegisterType;
  nickname: string | null;
  avatarPath: string | null;
  inviteCode: string | null;
  realName: string | null;
  idNumber: string | null;
  totpEnabled: boolean;
  blocked: boolean;
  createdAt: Date;
  /** The saved up/down colour pair, or null when never chosen (UC2). */
  colorScheme: ColorSchemeId | null;
}

/** Select list producing `UserRecord` fields (alias `u`). */
const USER_COLUMNS = `u.id, u.uid, u.brand_id as "brandId", u.email, u.phone, u.area_code as "areaCode",
  u.country, u.register_type as "registerType", u.nickname, u.avatar_path as "avatarPath",
  u.invite_code as "inviteCode", u.real_name as "realName", u.id_number as "idNumber",
  coalesce(u.totp_enabled, false) as "totpEnabled", coalesce(u.blocked, false) as blocked,
  u.created_at as "createdAt", u.color_scheme as "colorScheme"`;

function clean(row: UserRecord): UserRecord {
  // char(1) pads nothing for 'E'/'P', but a trimmed value keeps the type honest whatever the column type.
  return { ...row, registerType: row.registerType.trim() as RegisterType };
}

/** The user with this internal id, or null. `forUpdate` locks the row (inside a transaction). */
export async function findUserById(q: Queryable, id: string, forUpdate = false): Promise<UserRecord | null> {
  const { rows } = await q.query<UserRecord>(
    `select ${USER_COLUMNS} from users u where u.id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ? clean(rows[0]) : null;
}

/** The user with this public uid, or null. */
export async function findUserByUid(q: Queryable, uid: string): Promise<UserRecord | null> {
  const { rows } = await q.query<UserRecord>(`select ${USER_COLUMNS} from users u where u.uid = $1`, [uid]);
  return rows[0] ? clean(rows[0]) : null;
}

/** The user's email, or 1156 ("bind first") for flows that mail the user (withdrawals, verification). */
export async function requireBoundEmail(q: Queryable, userId: string): Promise<string> {
  const { rows } = await q.query<{ email: string | null }>('select email from users where id = $1', [userId]);
  const email = rows[0]?.email;
  if (!email) throw new BusinessError(Code.EMAIL_NOT_BOUND);
  return email;
}

// ---------------------------------------------------------------------------------------------------------
// Sign-in (the identity module's rows, with the secrets)

/** An account name as the identity module parses it: an email, or a phone number in E.164. */
export type UserName =
  | { type: 'E'; email: string }
  | { type: 'P'; phone: { e164: string; areaCode: string | null; country: string | null } };

/** The columns of a user that sign-in needs (BIGINT ids come back as strings). */
export interface CredentialRow {
  id: string;
  uid: string;
  brand_id: string;
  email: string | null;
  phone: string | null;
  register_type: 'E' | 'P';
  password_hash: string;
  blocked: boolean;
  totp_secret: string | null;
  totp_enabled: boolean;
  totp_last_step: string | null;
  welcome_sent_at: Date | null;
}

const CREDENTIAL_COLUMNS = `id, uid, brand_id, email, phone, register_type, password_hash, blocked, totp_secret,
  totp_enabled, totp_last_step, welcome_sent_at`;

/** The user of a brand with this email or phone (an email bound to a phone account counts too). */
export async function findUserByName(
  q: Queryable,
  brandId: string,
  name: UserName,
): Promise<CredentialRow | null> {
  const [column, value] = name.type === 'E' ? ['email', name.email] : ['phone', name.phone.e164];
  const { rows } = await q.query<CredentialRow>(
    `select ${CREDENTIAL_COLUMNS} from users where brand_id = $1 and ${column} = $2`,
    [brandId, value],
  );
  return rows[0] ?? null;
}

/** The sign-in row of a user by internal id. */
export async function findCredentialsById(q: Queryable, id: string): Promise<CredentialRow | null> {
  const { rows } = await q.query<CredentialRow>(`select ${CREDENTIAL_COLUMNS} from users where id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** Id of the user of `brandId` whose invite code is `code`, or null. */
export async function findInviter(q: Queryable, brandId: string, code: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    'select id from users where brand_id = $1 and invite_code = $2',
    [brandId, code],
  );
  return rows[0]?.id ?? null;
}

/** What registration stores. */
export interface NewUser {
  brandId: string;
  name: UserName;
  passwordHash: string;
  invitedBy: string | null;
}

// No 0/O or 1/I: an invite code is read aloud and typed by hand.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newUid = () => String(randomInt(10_000_000, 100_000_000));
const newInviteCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** Default nickname: the email's local part, or the phone's last four digits behind a mask. */
export function defaultNickname(name: UserName): string {
  return name.type === 'E'
    ? (name.email.split('@')[0] ?? '').slice(0, 140)
    : `****${name.phone.e164.slice(-4)}`;
}

/**
 * Inserts the user with a fresh 8-digit uid and invite code. A collision of either is retried; a duplicate
 * email or phone (a concurrent registration) is 1045. `on conflict do nothing` keeps a PostgreSQL transaction
 * usable after a collision.
 */
export async function insertUser(tx: Queryable, user: NewUser): Promise<CredentialRow> {
  const email = user.name.type === 'E' ? user.name.email : null;
  const phone = user.name.type === 'P' ? user.name.phone : null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const { rows } = await tx.query<CredentialRow>(
      `insert into users (uid, brand_id, email, phone, area_code, country, register_type, password_hash, nickname,
         invite_code, invited_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       on conflict do nothing
       returning ${CREDENTIAL_COLUMNS}`,
      [
        newUid(),
        user.brandId,
        email,
        phone?.e164 ?? null,
        phone?.areaCode ?? null,
        phone?.country ?? null,
        user.name.type,
        user.passwordHash,
        defaultNickname(user.name),
        newInviteCode(),
        user.invitedBy,
      ],
    );
    if (rows[0]) return rows[0];
    if (await findUserByName(tx, user.brandId, user.name))
      throw new BusinessError(Code.DUPLICATE_PHONE_OR_EMAIL);
  }
  throw new BusinessError(Code.REGISTER_LATER);
}

/** The stored password hash of a user, or null when the user is gone. */
export async function passwordHashOf(q: Queryable, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ password_hash: string }>('select password_hash from users where id = $1', [
    userId,
  ]);
  return rows[0]?.password_hash ?? null;
}

/** Stores a new password hash. */
export async function setPasswordHash(q: Queryable, userId: string, hash: string): Promise<void> {
  await q.query('update users set password_hash = $2 where id = $1', [userId, hash]);
}

/** Records that the registration-complete mail went out. */
export async function markWelcomeSent(q: Queryable, userId: string): Promise<void> {
  await q.query('update users set welcome_sent_at = now() where id = $1', [userId]);
}

/** Stores an accepted TOTP step if it is later than the last one; false when a replay lost the race. */
export async function acceptTotpStep(q: Queryable, userId: string, step: number): Promise<boolean> {
  const { rows } = await q.query(
    `update users set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2)
     returning id`,
    [userId, step],
  );
  return rows.length === 1;
}

/** A new pending TOTP secret (only while the second factor is off). */
export async function setPendingTotpSecret(q: Queryable, userId: string, secret: string): Promise<void> {
  await q.query('update users set totp_secret = $2 where id = $1 and not totp_enabled', [userId, secret]);
}

/** Turns the second factor on for the pending secret `secret`, with its first accepted step. */
export async function enableTotp(q: Queryable, userId: string, secret: string, step: number): Promise<void> {
  await q.query(
    'update users set totp_enabled = true, totp_last_step = $3 where id = $1 and totp_secret = $2',
    [userId, secret, step],
  );
}

/** Turns the second factor off and forgets its secret. */
export async function disableTotp(q: Queryable, userId: string): Promise<void> {
  await q.query(
    'update users set totp_enabled = false, totp_secret = null, totp_last_step = null where id = $1',
    [userId],
  );
}

// ---------------------------------------------------------------------------------------------------------
// Profile writes

/** The stored avatar file of a user; `forUpdate` locks the row (inside a transaction). */
export async function avatarOf(q: Queryable, userId: string, forUpdate = false): Promise<string | null> {
  const { rows } = await q.query<{ avatar_path: string | null }>(
    `select avatar_path from users where id = $1${forUpdate ? ' for update' : ''}`,
    [userId],
  );
  return rows[0]?.avatar_path ?? null;
}

/** Sets the nickname, and the avatar file when one is given. */
export async function updateProfile(
  q: Queryable,
  userId: string,
  nickname: string,
  avatar: string | null,
): Promise<void> {
  await q.query('update users set nickname = $2, avatar_path = coalesce($3, avatar_path) where id = $1', [
    userId,
    nickname,
    avatar,
  ]);
}

/** True when another user of the brand already has this (lower-case) email. */
export async function emailTaken(q: Queryable, brandId: string, email: string): Promise<boolean> {
  const { rows } = await q.query('select 1 from users where brand_id = $1 and lower(email) = $2', [
    brandId,
    email,
  ]);
  return rows.length > 0;
}

/** Binds an email to the user. */
export async function setEmail(q: Queryable, userId: string, email: string): Promise<void> {
  await q.query('update users set email = $2 where id = $1', [userId, email]);
}

/** Saves the user's up/down colour pair; false when no such user. */
export async function setColorScheme(q: Queryable, userId: string, scheme: ColorSchemeId): Promise<boolean> {
  const { rows } = await q.query('update users set color_scheme = $2 where id = $1 returning id', [
    userId,
    scheme,
  ]);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// Operator actions

/** Sets the blocked flag; the user's internal id, or null for an unknown uid. */
export async function setBlocked(q: Queryable, uid: string, blocked: boolean): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    'update users set blocked = $2 where uid = $1 returning id',
    [uid, blocked],
  );
  return rows[0]?.id ?? null;
}

/** Sets the trading ban (spec §6, 405); false for an unknown uid. */
export async function setTradingProhibited(q: Queryable, uid: string, prohibited: boolean): Promise<boolean> {
  const { rows } = await q.query('update users set trading_prohibited = $2 where uid = $1 returning uid', [
    uid,
    prohibited,
  ]);
  return rows.length > 0;
}

interface ListRow {
  uid: string;
  brand_id: string;
  email: string | null;
  phone: string | null;
  nickname: string | null;
  register_type: string;
  blocked: boolean | null;
  created_at: Date;
  real_balance: string | null;
  real_lock: string | null;
  demo_balance: string | null;
  demo_lock: string | null;
}

const accountAmounts = (balance: string | null, lock: string | null) =>
  balance === null ? null : { balanceAmount: toMoney(balance), lockMargin: toMoney(lock ?? '0') };

/** Escapes LIKE wildcards so a search for "a_b" means that text. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const MATCH = `($1 = '' or u.uid = $1 or u.email ilike $2 or u.phone like $2 or u.nickname ilike $2)`;

/**
 * Users matching `query` (exact uid, or a part of email, phone or nickname; empty: everyone), newest first,
 * with the amounts of both accounts.
 */
export async function listUsers(
  q: Queryable,
  options: { query?: string; page: number; pageSize: number },
): Promise<AdminUserPage> {
  const query = (options.query ?? '').trim();
  const { rows } = await q.query<ListRow>(
    `select u.uid, u.brand_id, u.email, u.phone, u.nickname, u.register_type, u.blocked, u.created_at,
            r.balance as real_balance, r.lock_margin as real_lock,
            d.balance as demo_balance, d.lock_margin as demo_lock
       from users u
       left join ledger_accounts r on r.user_id = u.id and r.kind = 'real'
       left join ledger_accounts d on d.user_id = u.id and d.kind = 'demo'
      where ${MATCH}
      order by u.id desc
      limit $3 offset $4`,
    [query, `%${likeLiteral(query)}%`, options.pageSize, (options.page - 1) * options.pageSize],
  );
  const count = await q.query<{ total: string }>(`select count(*) as total from users u where ${MATCH}`, [
    query,
    `%${likeLiteral(query)}%`,
  ]);
  return {
    list: rows.map((row) => ({
      uid: row.uid,
      brandId: row.brand_id,
      email: row.email,
      phone: row.phone,
      nickname: row.nickname,
      registerType: row.register_type.trim(),
      blocked: row.blocked === true,
      createdAt: row.created_at.toISOString(),
      real: accountAmounts(row.real_balance, row.real_lock),
      demo: accountAmounts(row.demo_balance, row.demo_lock),
    })),
    total: Number(count.rows[0]?.total ?? 0),
    page: options.page,
    pageSize: options.pageSize,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Invitations

/** One user who registered with an inviter's code: the public uid and when (nothing personal). */
export interface InviteeRow {
  id: string;
  uid: string;
  registeredAt: Date;
}

/** A page of the users `inviterId` invited, newest first, and how many there are in all. */
export async function listInvitees(
  q: Queryable,
  inviterId: string,
  page: number,
  limit: number,
): Promise<{ list: InviteeRow[]; total: number }> {
  const { rows } = await q.query<InviteeRow>(
    `select id::text as id, uid, created_at as "registeredAt" from users where invited_by = $1
     order by created_at desc, id desc limit $2 offset $3`,
    [inviterId, limit, (page - 1) * limit],
  );
  const count = await q.query<{ total: string }>(
    'select count(*)::text as total from users where invited_by = $1',
    [inviterId],
  );
  return { list: rows, total: Number(count.rows[0]?.total ?? 0) };
}
