/** Operator accounts: creation (the admin CLI), listing, disabling, and the rows the other parts read. */
import { randomBytes } from 'node:crypto';
import type { Operator } from '../../../src/core/contract/backoffice';
import type { OperatorRole } from '../../../src/core/contract/endpoint';
import type { Queryable } from '../db/types';

/** An operator row with what sign-in checks. */
export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  roles: OperatorRole[];
  active: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
  password_hash: string;
  totp_sealed: string;
  totp_last_step: string | null;
}

const COLUMNS = `id::text as id, email, name, roles, active, created_at, last_sign_in_at, password_hash,
  totp_sealed, totp_last_step::text as totp_last_step`;

/** The public shape of an operator (no hash, no secret). */
export function toOperator(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    active: row.active,
    createdAt: new Date(row.created_at).getTime(),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).getTime() : null,
  };
}

/** Roles in the order of OPERATOR_ROLES, without repeats. */
export function sortRoles(roles: readonly OperatorRole[], order: readonly OperatorRole[]): OperatorRole[] {
  return order.filter((role) => roles.includes(role));
}

export async function findOperatorByEmail(q: Queryable, email: string): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(`select ${COLUMNS} from operators where lower(email) = $1`, [
    email.trim().toLowerCase(),
  ]);
  return rows[0] ?? null;
}

export async function findOperator(q: Queryable, id: string, lock = false): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(
    `select ${COLUMNS} from operators where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function listOperators(q: Queryable): Promise<OperatorRow[]> {
  const { rows } = await q.query<OperatorRow>(`select ${COLUMNS} from operators order by id`);
  return rows;
}

/** Inserts an operator; null when the email is taken (the unique index decides under concurrency). */
export async function insertOperator(
  tx: Queryable,
  fields: { email: string; name: string; roles: OperatorRole[]; passwordHash: string; totpSealed: string },
): Promise<OperatorRow | null> {
  const { rows } = await tx.query<OperatorRow>(
    `insert into operators (email, name, password_hash, roles, totp_sealed)
     values ($1, $2, $3, $4::text[], $5)
     on conflict ((lower(email))) do nothing
     returning ${COLUMNS}`,
    [fields.email.trim().toLowerCase(), fields.name, fields.passwordHash, fields.roles, fields.totpSealed],
  );
  return rows[0] ?? null;
}

/** Stores the accepted TOTP step (a code is accepted once): false when this step or a later one was used. */
export async function acceptOperatorStep(q: Queryable, id: string, step: number): Promise<boolean> {
  const { rows } = await q.query(
    `update operators set totp_last_step = $2
      where id = $1 and (totp_last_step is null or totp_last_step < $2) returning 1`,
    [id, step],
  );
  return rows.length === 1;
}

/** A generated first password: 18 random bytes, 24 characters of base64url. */
export const generatePassword = () => randomBytes(18).toString('base64url');
