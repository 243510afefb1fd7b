/** Operator accounts: creation (the admin CLI), listing, disabling, and the rows the other parts read. */
import { randomBytes } from 'node:crypto';
import { OPERATOR_INITIAL_PASSWORD_HOURS, type Operator } from '../../../src/core/contract/backoffice';
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
  /** A first password (someone else set it): the operator must replace it at sign-in (decision SEC12). */
  password_must_change: boolean;
  /** When a first password stops signing in; null for the operator's own. */
  password_expires_at: Date | null;
}

const COLUMNS = `id::text as id, email, name, roles, active, created_at, last_sign_in_at, password_hash,
  totp_sealed, totp_last_step::text as totp_last_step, password_must_change, password_expires_at`;

/** How long a first password signs in. */
export const INITIAL_PASSWORD_MS = OPERATOR_INITIAL_PASSWORD_HOURS * 3600_000;

/** Whether the stored password may still sign in at `nowMs` (a first password expires, the operator's own not). */
export const passwordUnexpired = (row: OperatorRow, nowMs: number) =>
  row.password_expires_at === null || new Date(row.password_expires_at).getTime() > nowMs;

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

/**
 * Inserts an operator with a first password that expires at `passwordExpiresAt`; null when the email is taken
 * (the unique index decides under concurrency).
 */
export async function insertOperator(
  tx: Queryable,
  fields: {
    email: string;
    name: string;
    roles: OperatorRole[];
    passwordHash: string;
    passwordExpiresAt: number;
    totpSealed: string;
  },
): Promise<OperatorRow | null> {
  const { rows } = await tx.query<OperatorRow>(
    `insert into operators (email, name, password_hash, roles, totp_sealed, password_must_change,
                            password_expires_at)
     values ($1, $2, $3, $4::text[], $5, true, $6)
     on conflict ((lower(email))) do nothing
     returning ${COLUMNS}`,
    [
      fields.email.trim().toLowerCase(),
      fields.name,
      fields.passwordHash,
      fields.roles,
      fields.totpSealed,
      new Date(fields.passwordExpiresAt),
    ],
  );
  return rows[0] ?? null;
}

/** Stores a first password (a reset): to be replaced at the next sign-in, signing in until `expiresAt`. */
export async function setFirstPassword(
  tx: Queryable,
  id: string,
  passwordHash: string,
  expiresAt: number,
): Promise<void> {
  await tx.query(
    `update operators set password_hash = $2, password_must_change = true, password_expires_at = $3
      where id = $1`,
    [id, passwordHash, new Date(expiresAt)],
  );
}

/** Stores the operator's own password: no further change asked, no expiry. */
export async function setOwnPassword(tx: Queryable, id: string, passwordHash: string): Promise<void> {
  await tx.query(
    `update operators set password_hash = $2, password_must_change = false, password_expires_at = null
      where id = $1`,
    [id, passwordHash],
  );
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
