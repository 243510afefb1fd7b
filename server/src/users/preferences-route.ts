import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { SubmitUserPreferences } from '../../../src/core/contract/users';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { setColorScheme } from './repo';

/** Whether the brand lets its traders choose their own up/down colours (`userColors` absent: yes, UC1). */
export function userColorsAllowed(app: FastifyInstance, brandId: string): boolean {
  return app.brand.get(brandId)?.settings.userColors !== false;
}

/**
 * `user/preferences/submit`: saves the caller's own up/down colour pair (the token names the user, so nobody
 * writes another's). 23523 when the user's brand fixes its colours, as for the other features a brand turns off.
 */
export function preferencesRoute(app: FastifyInstance): void {
  route(app, SubmitUserPreferences, async (input, { request }) => {
    const { userId, brandId } = request.auth;
    if (!userColorsAllowed(app, brandId)) throw new BusinessError(Code.ILLEGAL_STATUS);
    if (!(await setColorScheme(app.db, userId, input.colorScheme)))
      throw new BusinessError(Code.USER_NOT_FOUND);
    return ok({ colorScheme: input.colorScheme });
  });
}
