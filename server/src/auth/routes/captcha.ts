/** `getImageCode` (spec §7): the image captcha of phone registration without SMS verification. */
import { ok } from '../../http/envelope';
import { apiRoute, objectSchema } from '../../http/legacy-route';
import { BRAND_QUERY, text, withReservation, type AuthRouteDeps } from '../context';
import { RATE_RULES, type RateRule } from '../rate-limit';

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
      const windows: Array<[RateRule, string]> = [[RATE_RULES.captchaIp, request.ip]];
      // A refresh refused for coming too soon draws nothing and gives its count back.
      const captcha = await withReservation(deps.limits, windows, FAILED_TO_GET_CAPTCHA, () =>
        deps.captchas.issue(request.ip, input.uuid?.trim() || undefined),
      );
      return ok(captcha);
    },
  });
}
