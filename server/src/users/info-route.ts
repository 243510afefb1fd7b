import type { FastifyInstance } from 'fastify';
import type { UserInfo } from '../../../src/core/contract/auth';
import { API_VERSION_PREFIX, PROTECTED_PREFIX } from '../../../src/core/contract/paths';
import { USER_INFO_SCHEMA } from '../accounts/schemas';
import { balanceTotals } from '../accounts/summary';
import { BusinessError, ok } from '../http/envelope';
import { apiRoute } from '../http/legacy-route';
import { avatarUrl } from './profile-routes';
import { findUserById } from './repo';

const USER_NOT_FOUND = 1002;

/** `user/info`: the caller's profile and the account (real or demo) their token is for. */
export async function infoRoute(app: FastifyInstance): Promise<void> {
  apiRoute<Record<string, never>, UserInfo>(app, {
    url: `${API_VERSION_PREFIX}${PROTECTED_PREFIX}user/info`,
    summary: "The signed-in user's profile with the balance of the token's account",
    data: USER_INFO_SCHEMA,
    handler: async (_input, request) => {
      const { userId, virtual } = request.auth;
      const user = await findUserById(app.db, userId);
      if (!user) throw new BusinessError(USER_NOT_FOUND);
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
      });
    },
  });
}
