/**
 * The audit writer of an admin call (issue #19 item 3). The admin guard puts one on every admin request, bound
 * to who acts; an admin route does its work in `audit.transaction`, which commits only when the work recorded
 * exactly one audit row in that same transaction (so the action and its record commit, or roll back,
 * together). The route wrapper (./route.ts) then refuses a state-changing admin call that committed no
 * audited transaction, so a new admin route cannot forget its row.
 */
import type { FastifyRequest } from 'fastify';
import type { OperatorRole } from '../../../src/core/contract/endpoint';
import type { Db, Queryable } from '../db/types';
import { recordAudit, type AuditEntry } from './audit-log';

/** An audit entry without its actor (the writer knows who acts). */
export type AuditAction = Omit<AuditEntry, 'actor'>;

/** Writes the one audit row of the action inside the action's transaction. */
export type RecordAudit = (entry: AuditAction) => Promise<void>;

/** The audit writer of one admin request. */
export interface AdminAudit {
  /** Who acts: `operator:<id>`, `cli` (the admin CLI with the token) or `admin-api` (the admin token). */
  readonly actor: string;
  /**
   * Runs `fn` in one transaction with `record`, which writes the action's audit row in it; COMMIT only when
   * `fn` resolved having recorded exactly one row, ROLLBACK otherwise (an error).
   */
  transaction<T>(fn: (tx: Queryable, record: RecordAudit) => Promise<T>): Promise<T>;
  /** How many audited transactions of this request committed. */
  readonly committed: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The audit writer of an admin request (set by the admin guard). */
    adminAudit?: AdminAudit;
    /** The back-office operator behind an admin call (set by the admin guard); absent for the admin token. */
    operator?: { id: string; email: string; roles: readonly OperatorRole[] };
  }
}

/** Thrown when an admin action records no audit row or more than one: a programming error (HTTP 500). */
export class AuditMissingError extends Error {
  constructor(what: string, rows: number) {
    super(`${what} must write exactly one audit row, it wrote ${rows}`);
    this.name = 'AuditMissingError';
  }
}

/** The audit writer of an admin request acting as `actor`. */
export function createAdminAudit(db: Db, actor: string): AdminAudit {
  let committed = 0;
  return {
    actor,
    get committed() {
      return committed;
    },
    async transaction(fn) {
      const result = await db.transaction(async (tx) => {
        let rows = 0;
        const value = await fn(tx, async (entry) => {
          rows += 1;
          await recordAudit(tx, { ...entry, actor });
        });
        if (rows !== 1) throw new AuditMissingError('an admin action', rows);
        return value;
      });
      committed += 1;
      return result;
    },
  };
}

/** The audit writer the admin guard put on `request`; an error on a route the guard did not admit. */
export function adminAuditOf(request: FastifyRequest): AdminAudit {
  if (!request.adminAudit) throw new Error(`${request.url}: no admin audit writer (not an admin route)`);
  return request.adminAudit;
}

/** Whether a method changes state (then the admin call must have committed one audited transaction). */
export const isAction = (method: string) => method !== 'GET' && method !== 'HEAD';
