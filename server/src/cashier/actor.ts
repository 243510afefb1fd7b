import type { FastifyRequest } from 'fastify';
import type { OperatorRole } from '../../../src/core/contract/endpoint';

declare module 'fastify' {
  interface FastifyRequest {
    /** The back-office operator behind an admin call (set by the admin guard); absent for the admin token. */
    operator?: { id: string; email: string; roles: readonly OperatorRole[] };
  }
}

/** Who an admin call acts as, for the audit log: `operator:<id>` or `admin-api` (the admin token). */
export function actorOf(request: FastifyRequest): string {
  return request.operator ? `operator:${request.operator.id}` : 'admin-api';
}
