/** The `users` rows the identity module reads and writes. */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import type { AccountName } from './identifiers';

/** The columns of a user that sign-in needs (BIGINT ids come back as strings). */
export interface UserRow {
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

const COLUMNS = `id, uid, brand_id, email, phone, register_type, password_hash, blocked, totp_secret, totp_enabled,
  totp_last_step, welcome_sent_at`;

/** The user of a brand with this email or phone (an email bound to a phone account counts too). */
export async function findUserByName(
  db: Queryable,
  brandId: string,
  name: AccountName,
): Promise<UserRow | null> {
  const [column, value] = name.type === 'E' ? ['email', name.email] : ['phone', name.phone.e164];
  const { rows } = await db.query<UserRow>(
    `select ${COLUMNS} from users where brand_id = $1 and ${column} = $2`,
    [brandId, value],
  );
  return rows[0] ?? null;
}

/** A user by internal id. */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id]);
  return rows[0] ?? null;
}

/** Id of the user of `brandId` whose invite code is `code`, or null. */
export async function findInviter(db: Queryable, brandId: string, code: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    'select id from users where brand_id = $1 and invite_code = $2',
    [brandId, code],
  );
  return rows[0]?.id ?? null;
}

/** What registration stores. */
export interface NewUser {
  brandId: string;
  name: AccountName;
  passwordHash: string;
  invitedBy: string | null;
}

// No 0/O or 1/I: an invite code is read aloud and typed by hand.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newUid = () => String(randomInt(10_000_000, 100_000_000));
const newInviteCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** Default nickname: the email's local part, or the phone's last four digits behind a mask. */
export function defaultNickname(name: AccountName): string {
  return name.type === 'E'
    ? (name.email.split('@')[0] ?? '').slice(0, 140)
    : `****${name.phone.e164.slice(-4)}`;
}

/**
 * Inserts the user with a fresh 8-digit uid and invite code. A collision of either is retried; a duplicate
 * email or phone (a concurrent registration) is 1045. `on conflict do nothing` keeps a PostgreSQL transaction
 * usable after a collision.
 */
export async function insertUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const email = user.name.type === 'E' ? user.name.email : null;
  const phone = user.name.type === 'P' ? user.name.phone : null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const { rows } = await tx.query<UserRow>(
      `insert into users (uid, brand_id, email, phone, area_code, country, register_type, password_hash, nickname,
         invite_code, invited_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       on conflict do nothing
       returning ${COLUMNS}`,
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
    if (await findUserByName(tx, user.brandId, user.name)) throw new BusinessError(1045);
  }
  throw new BusinessError(1042);
}
