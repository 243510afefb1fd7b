import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { checkLedger } from '../ledger';

/** `GET /admin/v1/ledger/check`: the conservation report (`data.ok` false on any mismatch). */
export async function adminLedgerRoute(app: FastifyInstance): Promise<void> {
  app.get('/admin/v1/ledger/check', { preHandler: app.requireAdmin }, async () =>
    ok(await checkLedger(app.db)),
  );
}
