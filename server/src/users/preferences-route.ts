import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { SubmitUserPreferences, userColorsAllowed } from '../../../src/core/contract/users';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { setColorScheme } from './repo';

/** Whether the user's brand lets its traders choose their own up/down colours (the contract's rule, UC1). */
export function brandAllowsUserColors(app: FastifyInstance, brandId: string): boolean {
  return userColorsAllowed(app.brand.get(brandId)?.settings ?? {});
}

/**
 * `user/preferences/submit`: saves the caller's own up/down colour pair (the token names the user, so nobody
 * writes another's). 23523 when the user's brand fixes its colours, as for the other features a brand turns off.
 */
export function preferencesRoute(app: FastifyInstance): void {
  route(app, SubmitUserPreferences, async (input, { request }) => {
    const { userId, brandId } = request.auth;
    if (!brandAllowsUserColors(app, brandId)) throw new BusinessError(Code.ILLEGAL_STATUS);
    if (!(await setColorScheme(app.db, userId, input.colorScheme)))
      throw new BusinessError(Code.USER_NOT_FOUND);
    return ok({ colorScheme: input.colorScheme });
  });
}
