/**
 * The admin audit writer and the route wrapper's check (issue #19 item 3): an action commits only with its
 * one audit row, a failed action rolls its row back, and an admin route that forgets its row is refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint } from '../../../src/core/contract/endpoint';
import { Obj, T } from '../../../src/core/contract/schema';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { buildTestApp } from '../testing';
import { AuditMissingError, createAdminAudit } from './admin-audit';
import { BusinessError, ok } from './envelope';
import { route } from './route';

/** A state-changing admin route that writes a marker row but forgets its audit row. */
const Forgetful = endpoint({
  service: 'admin',
  path: 'test/forgetful',
  access: 'admin',
  summary: 'test route without an audit row',
  input: Obj({}),
  data: Obj({ done: T.Boolean() }),
  codes: [],
});

let app: FastifyInstance;
const count = async (sql: string) => Number((await app.db.query<{ n: string }>(sql)).rows[0]?.n);
const audits = () => count('select count(*)::text as n from audit_log');
const markers = () => count('select count(*)::text as n from audit_marker');

beforeAll(async () => {
  app = await buildTestApp({ adminToken: ADMIN_TOKEN, modules: { market: false, broker: false } });
  await app.db.exec('create table audit_marker (n int)');
  route(app, Forgetful, async () => {
    await app.db.query('insert into audit_marker values (1)');
    return ok({ done: true });
  });
  await app.ready();
}, 60_000);
afterAll(() => app?.close());

describe('createAdminAudit', () => {
  it('commits the action with its one row, as the actor it was made for', async () => {
    const audit = createAdminAudit(app.db, 'operator:7');
    const before = await audits();
    await audit.transaction(async (tx, record) => {
      await tx.query('insert into audit_marker values (2)');
      await record({ action: 'test.act', objectKind: 'test', objectId: '1' });
    });
    expect(await audits()).toBe(before + 1);
    expect(audit.committed).toBe(1);
    const { rows } = await app.db.query<{ actor: string }>(
      'select actor from audit_log order by id desc limit 1',
    );
    expect(rows[0]?.actor).toBe('operator:7');
  });

  it('rolls the row back with an action that fails after recording it', async () => {
    const audit = createAdminAudit(app.db, 'admin-api');
    const [rowsBefore, markersBefore] = [await audits(), await markers()];
    await expect(
      audit.transaction(async (tx, record) => {
        await record({ action: 'test.act', objectKind: 'test', objectId: '1' });
        await tx.query('insert into audit_marker values (3)');
        throw new BusinessError(1001);
      }),
    ).rejects.toThrow(BusinessError);
    expect([await audits(), await markers()]).toEqual([rowsBefore, markersBefore]);
    expect(audit.committed).toBe(0);
  });

  it.each([0, 2])('refuses to commit an action that recorded %i rows', async (rows) => {
    const audit = createAdminAudit(app.db, 'admin-api');
    const [rowsBefore, markersBefore] = [await audits(), await markers()];
    await expect(
      audit.transaction(async (tx, record) => {
        await tx.query('insert into audit_marker values (4)');
        for (let i = 0; i < rows; i += 1)
          await record({ action: 'test.act', objectKind: 'test', objectId: '1' });
      }),
    ).rejects.toThrow(AuditMissingError);
    expect([await audits(), await markers()]).toEqual([rowsBefore, markersBefore]);
  });
});

describe('the admin route wrapper', () => {
  it('answers HTTP 500 to a state-changing admin route that wrote no audit row', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/v1/test/forgetful',
      payload: {},
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).not.toBe(0);
  });

  it('binds the writer to the admin CLI when the token call says it is the CLI', async () => {
    const before = await audits();
    const res = await app.inject({
      method: 'POST',
      url: '/admin/v1/operators',
      payload: { email: 'cli-made@ops.example', roles: ['support'] },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-tk-admin-client': 'cli' },
    });
    expect(res.json().code).toBe(0);
    const { rows } = await app.db.query<{ actor: string }>('select actor from audit_log where id > $1', [
      before,
    ]);
    expect(rows).toEqual([{ actor: 'cli' }]);
  });
});
