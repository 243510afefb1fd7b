/**
 * The audit log (`audit_log`): who did what to which object, with the object before and after. Part of the
 * platform because every admin route writes it through the admin route wrapper (./admin-audit.ts).
 */
import type { Queryable } from '../db/types';

/** One action for the audit log. */
export interface AuditEntry {
  /** `operator:<id>` for a back-office operator, `admin-api` for the admin token, `cli` for the admin CLI. */
  actor: string;
  /** What was done, e.g. `deposit.approve`, `withdrawal.reject`, `operator.add`. */
  action: string;
  objectKind: string;
  objectId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Writes an audit entry inside the caller's transaction (so the action and its record commit together). */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `insert into audit_log (actor, action, object_kind, object_id, before, after, reason)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [
      entry.actor,
      entry.action,
      entry.objectKind,
      entry.objectId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.reason ?? '',
    ],
  );
}
