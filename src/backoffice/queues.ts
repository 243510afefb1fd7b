/**
 * The review queues: every `queues/*.tsx` exports its declaration as `queue`, and this list is all of them,
 * found by the bundler — adding a queue is adding its file (and its locale files), nothing else.
 */
import { ListAudit } from '../core/contract/backoffice';
import { ListBrands } from '../core/contract/brand-admin';
import type { OperatorRole } from '../core/contract/endpoint';
import { LookupUsers } from '../core/contract/user-lookup';
import { holdsOne, type QueueDeclaration } from './queue-declaration';

const modules = import.meta.glob<{ queue?: QueueDeclaration }>(['./queues/*.tsx', '!./queues/*.test.tsx'], {
  eager: true,
});

/** The declared queues in tab order (a file without a `queue` export is a mistake, not a queue). */
export const QUEUES: readonly QueueDeclaration[] = Object.entries(modules)
  .map(([path, module]) => {
    if (!module.queue) throw new Error(`${path} declares no queue (export const queue = defineQueue(…))`);
    return module.queue;
  })
  .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));

/** The audit log's page: operators whose roles its endpoint lists. */
export const AUDIT_PAGE = 'audit';

/** The queues an operator may open: those whose list endpoint allows one of their roles. */
export function queuesFor(
  roles: readonly OperatorRole[],
  queues: readonly QueueDeclaration[] = QUEUES,
): QueueDeclaration[] {
  return queues.filter((queue) => holdsOne(roles, queue.list.endpoint.roles));
}

/** The user lookup's page (user-lookup.tsx): operators whose roles its endpoint lists. */
export const USERS_PAGE = 'users';

/** The Brands page (brands-page.tsx): operators with the `brand` role (BE4). */
export const BRANDS_PAGE = 'brands';

/** The pages an operator may open: their queues, the user lookup, the brands, then the audit log. */
export function pagesFor(
  roles: readonly OperatorRole[],
  queues: readonly QueueDeclaration[] = QUEUES,
): string[] {
  const page = (name: string, allowed: readonly OperatorRole[] | undefined) =>
    holdsOne(roles, allowed) ? [name] : [];
  return [
    ...queuesFor(roles, queues).map((queue) => queue.id),
    ...page(USERS_PAGE, LookupUsers.roles),
    ...page(BRANDS_PAGE, ListBrands.roles),
    ...page(AUDIT_PAGE, ListAudit.roles),
  ];
}
