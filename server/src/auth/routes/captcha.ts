/** `getImageCode` (spec §7): the image captcha of phone registration without SMS verification. */
import { ok } from '../../http/envelope';
import { apiRoute, objectSchema } from '../../http/legacy-route';
import { assertWithinLimits, BRAND_QUERY, text, type AuthRouteDeps } from '../context';
import { RATE_RULES } from '../rate-limit';

interface CaptchaInput {
  /** The captcha being refreshed, if any. */
  uuid?: string;
}

const FAILED_TO_GET_CAPTCHA = 23554;

/** Registers `getImageCode`: 23554 when refreshed sooner than 3 s or when the IP drew too many. */
export function captchaRoutes(deps: AuthRouteDeps): void {
  apiRoute<CaptchaInput, { image: string; uuid: string }>(deps.app, {
    url: '/v1/wa-na/getImageCode',
    summary: 'A new image captcha (SVG data URL) and its uuid; pass the previous uuid when refreshing',
    query: BRAND_QUERY,
    input: objectSchema({ uuid: text(64) }),
    data: objectSchema({ image: { type: 'string' }, uuid: { type: 'string' } }, ['image', 'uuid']),
    handler: async (input, request) => {
      await assertWithinLimits(deps.limits, [[RATE_RULES.captchaIp, request.ip]], FAILED_TO_GET_CAPTCHA);
      const captcha = await deps.captchas.issue(request.ip, input.uuid?.trim() || undefined);
      await deps.limits.hit(RATE_RULES.captchaIp, request.ip);
      return ok(captcha);
    },
  });
}
