/** The audit log moved to the platform (server/src/http/audit-log.ts): every admin route writes it. */
export { recordAudit, type AuditEntry } from '../http/audit-log';
