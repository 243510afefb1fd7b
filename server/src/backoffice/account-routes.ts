/**
 * Operator accounts, the admin token's business (the CLI's `operators:*`): creation with a first password and a
 * TOTP secret, the list, disabling, and a new first password for an operator who lost theirs (decision SEC12).
 */
import type { FastifyInstance } from 'fastify';
import {
  AddOperator,
  DisableOperator,
  ListOperators,
  ResetOperatorPassword,
} from '../../../src/core/contract/backoffice';
import { Code } from '../../../src/core/contract/codes';
import { OPERATOR_ROLES } from '../../../src/core/contract/endpoint';
import { newTotpSecret, otpauthUri, passwordHasher } from '../auth';
import type { Queryable } from '../db/types';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import {
  findOperator,
  INITIAL_PASSWORD_MS,
  insertOperator,
  listOperators,
  setFirstPassword,
  sortRoles,
  toOperator,
} from './operators';
import { firstPassword, type SessionEvents } from './password-routes';
import { endOperatorSessions } from './sessions';

/** Issuer shown in authenticator apps. */
const TOTP_ISSUER = 'TradeKit back office';

export function accountRoutes(app: FastifyInstance, deps: SessionEvents & { now(): number }): void {
  const { now, share, sessionsChanged } = deps;
  const sealer = app.cashier.sealer;
  /** The operator `id` under its row lock, or 1065 as for any unknown id. */
  const lockOperator = async (tx: Queryable, id: string) => {
    const found = await findOperator(tx, id, true);
    if (!found) throw new BusinessError(Code.DATA_NOT_FOUND);
    return found;
  };
  /** Ends every session of the operator and tells the other processes; answers how many ended. */
  const endSessions = async (tx: Queryable, id: string) => {
    const ended = await endOperatorSessions(tx, id);
    await share(tx, id);
    return ended;
  };

  route(app, AddOperator, async (input, { audit }) => {
    const roles = sortRoles(input.roles, OPERATOR_ROLES);
    const { password, shown } = await firstPassword(app, input.password, { email: input.email });
    const secret = newTotpSecret();
    const passwordHash = await passwordHasher.hash(password);
    const passwordExpiresAt = now() + INITIAL_PASSWORD_MS;
    // A taken email rolls back with no row (the audited transaction commits only with its one row).
    const row = await audit.transaction(async (tx, record) => {
      const inserted = await insertOperator(tx, {
        email: input.email,
        name: input.name?.trim() || input.email.split('@')[0] || input.email,
        roles,
        passwordHash,
        passwordExpiresAt,
        totpSealed: sealer.seal(secret),
      });
      if (!inserted) throw new BusinessError(Code.ACCOUNT_EXISTS);
      await record({
        action: 'operator.add',
        objectKind: 'operator',
        objectId: inserted.id,
        after: { roles, active: true },
      });
      return inserted;
    });
    return ok({
      operator: toOperator(row),
      totpSecret: secret,
      otpauthUri: otpauthUri(secret, TOTP_ISSUER, row.email),
      password: shown ? password : null,
      passwordExpiresAt,
    });
  });

  route(app, ListOperators, async () => ok({ list: (await listOperators(app.db)).map(toOperator) }));

  route(app, DisableOperator, async (input, { audit }) => {
    const row = await audit.transaction(async (tx, record) => {
      const found = await lockOperator(tx, input.id);
      if (!found.active) throw new BusinessError(Code.STATUS_UNCHANGED);
      await tx.query('update operators set active = false where id = $1', [found.id]);
      const ended = await endSessions(tx, found.id);
      await record({
        action: 'operator.disable',
        objectKind: 'operator',
        objectId: found.id,
        before: { active: true },
        after: { active: false, endedSessions: ended },
      });
      return { ...found, active: false };
    });
    sessionsChanged(row.id);
    return ok(toOperator(row));
  });

  route(app, ResetOperatorPassword, async (input, { audit }) => {
    const passwordExpiresAt = now() + INITIAL_PASSWORD_MS;
    // The operator's email is a context word of a given password (SEC8): checked and hashed under the row's
    // lock, read once (a rare admin action; the lock is held for one hash).
    const { row, password, shown } = await audit.transaction(async (tx, record) => {
      const found = await lockOperator(tx, input.id);
      const first = await firstPassword(app, input.password, { email: found.email });
      const passwordHash = await passwordHasher.hash(first.password);
      await setFirstPassword(tx, found.id, passwordHash, passwordExpiresAt);
      const ended = await endSessions(tx, found.id);
      await record({
        action: 'operator.reset_password',
        objectKind: 'operator',
        objectId: found.id,
        after: { mustChangePassword: true, passwordExpiresAt, endedSessions: ended },
      });
      return { row: found, ...first };
    });
    sessionsChanged(row.id);
    return ok({ operator: toOperator(row), password: shown ? password : null, passwordExpiresAt });
  });
}
