/**
 * `POST /admin/v1/clock/advance` (CH4): moves a server's movable clock forward. Only a server started with
 * DEV_CLOCK_OFFSET_MS has one (refused in production and with several processes, whose clocks would part), so
 * a chaos run or a script reaches what business time gates — the 3-minute rule of a manual close, an option's
 * expiry, a session's end — without waiting it out. Every move is audited.
 */
import type { FastifyInstance } from 'fastify';
import { adminClockAdvance } from '../../../src/core/contract/admin-market';
import type { TestClock } from '../clock';
import { ok } from '../http/envelope';
import { route } from '../http/route';

export function clockRoute(app: FastifyInstance, clock: TestClock): void {
  route(app, adminClockAdvance, async (input, { audit }) => {
    const now = await audit.transaction(async (_tx, record) => {
      await record({
        action: 'clock.advance',
        objectKind: 'clock',
        objectId: 'server',
        after: { ms: input.ms },
      });
      return clock.advance(input.ms);
    });
    return ok({ now, offsetMs: Math.max(0, now - Date.now()) });
  });
}
