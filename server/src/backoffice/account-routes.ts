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
      const found = await findOperator(tx, input.id, true);
      if (!found) throw new BusinessError(Code.DATA_NOT_FOUND);
      if (!found.active) throw new BusinessError(Code.STATUS_UNCHANGED);
      await tx.query('update operators set active = false where id = $1', [found.id]);
      const ended = await endOperatorSessions(tx, found.id);
      await share(tx, found.id);
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
    const owner = await findOperator(app.db, input.id);
    const { password, shown } = await firstPassword(app, input.password, { email: owner?.email ?? null });
    const passwordHash = await passwordHasher.hash(password);
    const passwordExpiresAt = now() + INITIAL_PASSWORD_MS;
    const row = await audit.transaction(async (tx, record) => {
      const found = await findOperator(tx, input.id, true);
      if (!found) throw new BusinessError(Code.DATA_NOT_FOUND);
      await setFirstPassword(tx, found.id, passwordHash, passwordExpiresAt);
      const ended = await endOperatorSessions(tx, found.id);
      await share(tx, found.id);
      await record({
        action: 'operator.reset_password',
        objectKind: 'operator',
        objectId: found.id,
        after: { mustChangePassword: true, passwordExpiresAt, endedSessions: ended },
      });
      return found;
    });
    sessionsChanged(row.id);
    return ok({ operator: toOperator(row), password: shown ? password : null, passwordExpiresAt });
  });
}
