import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { findOrder } from './orders-repo';
import { tradingHarness } from './test-app';

describeOnBackends('a restarted engine', { on: 'any' }, (backend) => {
  it('re-arms open and pending orders at start, so their levels fire after the restart', async () => {
    const created = await backend.create();
    // PGlite in memory dies with its app: the restart needs a data directory on disk.
    const folder = created.dataDir ? await mkdtemp(join(tmpdir(), 'tk-trading-')) : null;
    const database: TestDatabase = folder
      ? { dataDir: folder, cleanup: () => rm(folder, { recursive: true, force: true }) }
      : created;
    try {
      const first = await tradingHarness(backend, {}, { database, now: Date.parse('2026-03-11T10:00:00Z') });
      const user = await first.trader({ credit: '10000' });
      await first.pin('BTCUSDT', '100000.00');
      const position = await first.orderId(
        (await first.order(user.token, { orderQuantity: '0.1', stopPrice: '99000.00' })).data,
      );
      const pending = await first.orderId(
        (await first.order(user.token, { buyPoint: 1, price: '98000.00', orderQuantity: '0.1' })).data,
      );
      const now = first.clock.now();
      await first.close();

      const second = await tradingHarness(backend, {}, { database, now });
      try {
        expect(second.app.tradingEngine.book.size()).toBe(2);
        expect(second.app.trading.symbolsOf(user.id, false)).toEqual(new Set(['BTCUSDT']));
        await second.pin('BTCUSDT', '97000.00');
        expect((await findOrder(second.app.db, position))?.closeReason).toBe('stop_loss');
        expect((await findOrder(second.app.db, pending))?.positionStatus).toBe(2);
        expect(await second.ledgerOk()).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await database.cleanup();
      if (folder) await created.cleanup();
    }
  }, 240_000);
});
