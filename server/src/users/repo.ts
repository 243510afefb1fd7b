import type { RegisterType } from '../../../src/core/contract/auth';
import type { Queryable } from '../db/types';

/** The columns of `users` this module reads (the table belongs to the auth module). */
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
}

/** Select list producing `UserRecord` fields (alias `u`). */
export const USER_COLUMNS = `u.id, u.uid, u.brand_id as "brandId", u.email, u.phone, u.area_code as "areaCode",
  u.country, u.register_type as "registerType", u.nickname, u.avatar_path as "avatarPath",
  u.invite_code as "inviteCode", u.real_name as "realName", u.id_number as "idNumber",
  coalesce(u.totp_enabled, false) as "totpEnabled", coalesce(u.blocked, false) as blocked,
  u.created_at as "createdAt"`;

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
