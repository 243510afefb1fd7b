import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { GetUserInfo } from '../../../src/core/contract/users';
import { balanceTotals } from '../accounts';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { brandAllowsUserColors } from './preferences-route';
import { avatarUrl } from './profile-routes';
import { findUserById } from './repo';

/** `user/info`: the caller's profile and the account (real or demo) their token is for. */
export function infoRoute(app: FastifyInstance): void {
  route(app, GetUserInfo, async (_input, { request }) => {
    const { userId, virtual } = request.auth;
    const user = await findUserById(app.db, userId);
    if (!user) throw new BusinessError(Code.USER_NOT_FOUND);
    const account = await app.accounts.summary(app.db, userId, virtual);
    return ok({
      id: user.id,
      uid: user.uid,
      // Until a nickname is chosen the public uid stands in, never the email or phone.
      nickname: user.nickname || user.uid,
      avatar: avatarUrl(request.publicOrigin, user.avatarPath),
      realName: user.realName,
      email: user.email,
      phone: user.phone,
      areaCode: user.areaCode,
      inviteCode: user.inviteCode ?? '',
      registerType: user.registerType,
      country: user.country,
      idNumber: user.idNumber,
      account,
      virtual,
      ...balanceTotals(account),
      totpEnabled: user.totpEnabled,
      // A brand that fixes its colours shows them to everyone; the saved choice waits until it allows them again.
      colorScheme: brandAllowsUserColors(app, user.brandId) ? user.colorScheme : null,
    });
  });
}
