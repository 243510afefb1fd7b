import fp from 'fastify-plugin';
import { AWAY_MAX_BACK_MS, AwayRead } from '../../../src/core/contract/away';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { awaySummary } from './summary';

/**
 * "While you were away" (issue #25, WA1–WA8): one protected read of what happened to the caller's account since
 * their last visit. A `since` after the server clock is refused (1001); one older than 30 days is clamped and
 * the answer says so.
 */
export const awayPlugin = fp(
  async (app) => {
    route(app, AwayRead, async (input, { request }) => {
      const now = app.clock.now();
      if (input.since > now)
        throw new BusinessError(Code.INCORRECT_PARAMETER, 'since: after the server clock');
      const floor = now - AWAY_MAX_BACK_MS;
      const clamped = input.since < floor;
      const window = {
        userId: request.auth.userId,
        virtual: request.auth.virtual,
        since: clamped ? floor : input.since,
      };
      return ok(await awaySummary(app.db, window, clamped, now));
    });
  },
  { name: 'away', fastify: '5.x', dependencies: ['db', 'http', 'auth'] },
);

export default awayPlugin;
