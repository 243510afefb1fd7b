/**
 * The review queues: every `queues/*.tsx` exports its declaration as `queue`, and this list is all of them,
 * found by the bundler — adding a queue is adding its file (and its locale files), nothing else.
 */
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

/** The audit log's page: every operator role may read it. */
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

/** The pages an operator may open: their queues, the user lookup, then the audit log. */
export function pagesFor(
  roles: readonly OperatorRole[],
  queues: readonly QueueDeclaration[] = QUEUES,
): string[] {
  const lookup = holdsOne(roles, LookupUsers.roles) ? [USERS_PAGE] : [];
  return [...queuesFor(roles, queues).map((queue) => queue.id), ...lookup, AUDIT_PAGE];
}
