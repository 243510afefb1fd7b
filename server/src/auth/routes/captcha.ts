/** `getImageCode` (spec §7): the image captcha of phone registration without SMS verification. */
import { GetImageCode } from '../../../../src/core/contract/auth';
import { Code } from '../../../../src/core/contract/codes';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { assertWithinLimits, type AuthRouteDeps } from '../context';
import { RATE_RULES } from '../rate-limit';

/** Registers `getImageCode`: 23554 when refreshed sooner than 3 s or when the IP drew too many. */
export function captchaRoutes(deps: AuthRouteDeps): void {
  route(deps.app, GetImageCode, async (input, { request }) => {
    await assertWithinLimits(deps.limits, [[RATE_RULES.captchaIp, request.ip]], Code.CAPTCHA_FAILED);
    const captcha = await deps.captchas.issue(request.ip, input.uuid?.trim() || undefined);
    await deps.limits.hit(RATE_RULES.captchaIp, request.ip);
    return ok(captcha);
  });
}
