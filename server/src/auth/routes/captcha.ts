/** `getImageCode` (spec §7): the image captcha of phone registration without SMS verification. */
import { GetImageCode } from '../../../../src/core/contract/auth';
import { Code } from '../../../../src/core/contract/codes';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { withReservation, type AuthRouteDeps } from '../context';
import { RATE_RULES, type RateRule } from '../rate-limit';

/** Registers `getImageCode`: 23554 when refreshed sooner than 3 s or when the IP drew too many. */
export function captchaRoutes(deps: AuthRouteDeps): void {
  route(deps.app, GetImageCode, async (input, { request }) => {
    const windows: Array<[RateRule, string]> = [[RATE_RULES.captchaIp, request.ip]];
    // A refresh refused for coming too soon draws nothing and gives its count back.
    const captcha = await withReservation(deps.limits, windows, Code.CAPTCHA_FAILED, () =>
      deps.captchas.issue(request.ip, input.uuid?.trim() || undefined),
    );
    return ok(captcha);
  });
}
