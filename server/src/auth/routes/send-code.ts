/** `sendMail` and `sendPhone` (spec §7): one-time codes for registration and password reset. */
import type { FastifyRequest } from 'fastify';
import { SendMail, SendPhone } from '../../../../src/core/contract/auth';
import { Code } from '../../../../src/core/contract/codes';
import { BusinessError, ok } from '../../http/envelope';
import { route } from '../../http/route';
import type { Channel, MessagePurpose } from '../../sender';
import { findUserByName, markWelcomeSent } from '../../users';
import { assertRegisterType, deliver, reserveWithin, type AuthRouteDeps } from '../context';
import { destinationOf, parseEmail, parseLocale, parsePhone, type AccountName } from '../identifiers';
import { renderMessage } from '../messages';
import { RATE_RULES, type RateRule } from '../rate-limit';

interface SendInput {
  /** What `sendMail` / `sendPhone` may ask for (spec §7); '5' is only ever sent by the server (SEC6). */
  type: Exclude<MessagePurpose, '5'>;
  locale?: string;
}

const SEND_FAILED = Code.TRY_AGAIN_LATER;

/**
 * One code request, counted in the per-IP and per-destination windows before anything is looked up (so
 * parallel requests cannot pass the limit). Type 1 for an existing account is 1004 and stays counted
 * (registration reveals it anyway, and the limits bound enumeration). Type 2 for an unknown account answers
 * success and sends nothing, the same way and as fast as for a known one (delivery is not awaited). Type 4
 * re-sends the registration-complete mail only if it never went out, and counts only per IP. A refusal that
 * sent nothing (the brand does not register this type, the 60 s gap) gives its count back.
 */
async function sendCode(deps: AuthRouteDeps, request: FastifyRequest, name: AccountName, input: SendInput) {
  const brand = deps.app.brand.of(request);
  const channel: Channel = name.type === 'E' ? 'mail' : 'sms';
  const destination = destinationOf(name);
  if (!deps.sender.supports(channel)) throw new BusinessError(SEND_FAILED);
  const windows: Array<[RateRule, string]> = [[RATE_RULES.sendIp, request.ip]];
  if (input.type !== '4') windows.push([RATE_RULES.sendDestination, `${brand.id}:${destination}`]);
  const attempt = await reserveWithin(deps.limits, windows, Code.TOO_FREQUENT);
  const user = await findUserByName(deps.db, brand.id, name);
  const locale = parseLocale(input.locale);
  const base = { channel, to: destination, purpose: input.type, fromName: brand.name };
  if (input.type === '4') {
    if (channel !== 'mail') throw new BusinessError(Code.INCORRECT_PARAMETER);
    if (!user || user.welcome_sent_at) return ok(null);
    const message = renderMessage(locale, '4', { brand: brand.name, account: destination });
    await markWelcomeSent(deps.db, user.id);
    void deliver(deps, request, { ...base, ...message, code: null });
    return ok(null);
  }
  if (input.type === '1') {
    if (!brand.settings.registerTypes.includes(name.type)) await attempt.release();
    assertRegisterType(brand, name.type);
    if (user) throw new BusinessError(Code.ACCOUNT_EXISTS);
  }
  const issued = await deps.codes
    .issue({ brandId: brand.id, destination, purpose: input.type }, channel)
    .catch(async (error: unknown) => {
      await attempt.release();
      throw error;
    });
  if (input.type === '2' && !user) return ok(null);
  const message = {
    ...base,
    ...renderMessage(locale, input.type, { brand: brand.name, code: issued.code }),
    code: issued.code,
  };
  const sending = deliver(deps, request, message).then(async (sent) => {
    if (!sent) await deps.codes.discard(issued.id).catch(() => undefined);
    return sent;
  });
  if (input.type === '2') return ok(null);
  if (!(await sending)) throw new BusinessError(SEND_FAILED);
  return ok(null);
}

/** Registers `sendMail` and `sendPhone`. */
export function sendCodeRoutes(deps: AuthRouteDeps): void {
  route(deps.app, SendMail, (input, { request }) =>
    sendCode(deps, request, { type: 'E', email: parseEmail(input.email) }, input),
  );
  route(deps.app, SendPhone, (input, { request }) =>
    sendCode(deps, request, { type: 'P', phone: parsePhone(input.phone, input.areaCode) }, input),
  );
}
