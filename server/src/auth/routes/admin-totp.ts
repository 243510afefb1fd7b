/**
 * A lost authenticator (ASVS 6.4.4, SEC6): an operator who has checked the owner's identity the way it was
 * checked at enrolment (the KYC documents, a call back on the registered number) turns the second factor off.
 * In one audited transaction: the factor and its secret go, every session ends, and the audit row keeps the
 * operator's note of how the identity was checked. The owner is then told by mail (when an email is bound), so a
 * reset the owner did not ask for does not go unnoticed. Signing in then takes the password alone, until the owner
 * turns the factor on again with the new authenticator.
 */
import { AdminResetSecondFactor } from '../../../../src/core/contract/admin';
import { Code } from '../../../../src/core/contract/codes';
import { BusinessError, ok } from '../../http/envelope';
import { route } from '../../http/route';
import { disableTotp, findUserById, findUserByUid } from '../../users';
import { deliver, type AuthRouteDeps } from '../context';
import { parseLocale } from '../identifiers';
import { renderMessage } from '../messages';

/** Registers `POST /admin/v1/users/{uid}/totp/reset`. */
export function adminTotpRoutes(deps: AuthRouteDeps): void {
  const { app } = deps;
  route(app, AdminResetSecondFactor, async (input, { request, audit }) => {
    const reset = await audit.transaction(async (tx, record) => {
      const found = await findUserByUid(tx, input.uid);
      // Locked, so a sign-in that checks a code cannot interleave with the reset.
      const user = found && (await findUserById(tx, found.id, true));
      if (!user) throw new BusinessError(Code.USER_NOT_FOUND);
      if (!user.totpEnabled) throw new BusinessError(Code.STATUS_UNCHANGED);
      await disableTotp(tx, user.id);
      const ended = await deps.sessions.revokeAll(user.id, 'second-factor-reset', tx);
      await record({
        action: 'user.totp_reset',
        objectKind: 'user',
        objectId: input.uid,
        after: { totpEnabled: false, ended, note: input.note },
      });
      return { user, ended };
    });
    const { user, ended } = reset;
    let mailed = false;
    if (user.email) {
      const brand = app.brand.get(user.brandId);
      const brandName = brand?.name ?? user.brandId;
      const locale = parseLocale(brand?.settings.defaultLanguage);
      const message = renderMessage(locale, '5', { brand: brandName, account: user.email });
      mailed = await deliver(deps, request, {
        channel: 'mail',
        to: user.email,
        purpose: '5',
        code: null,
        fromName: brandName,
        ...message,
      });
    }
    request.log.info({ uid: user.uid, ended, mailed }, 'second factor reset by an operator');
    return ok({ uid: user.uid, ended, mailed });
  });
}
