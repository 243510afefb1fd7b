/** `sendMail` and `sendPhone` (spec §7): one-time codes for registration and password reset. */
import type { FastifyRequest } from 'fastify';
import { BusinessError, ok } from '../../http/envelope';
import { apiRoute, objectSchema } from '../../http/legacy-route';
import type { Channel, MessagePurpose } from '../../sender/types';
import {
  assertRegisterType,
  BRAND_QUERY,
  deliver,
  reserveWithin,
  text,
  type AuthRouteDeps,
} from '../context';
import { destinationOf, parseEmail, parseLocale, parsePhone, type AccountName } from '../identifiers';
import { renderMessage } from '../messages';
import { RATE_RULES, type RateRule } from '../rate-limit';
import { findUserByName } from '../users';

interface SendInput {
  email?: string;
  phone?: string;
  areaCode?: string;
  type: MessagePurpose;
  locale?: string;
}

const TYPE = { type: 'string', enum: ['1', '2', '4'] };
const SEND_FAILED = 1033;

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
  const attempt = await reserveWithin(deps.limits, windows, 1110);
  const user = await findUserByName(deps.db, brand.id, name);
  const locale = parseLocale(input.locale);
  const base = { channel, to: destination, purpose: input.type, fromName: brand.name };
  if (input.type === '4') {
    if (channel !== 'mail') throw new BusinessError(1001);
    if (!user || user.welcome_sent_at) return ok(null);
    const message = renderMessage(locale, '4', { brand: brand.name, account: destination });
    await deps.db.query('update users set welcome_sent_at = now() where id = $1', [user.id]);
    void deliver(deps, request, { ...base, ...message, code: null });
    return ok(null);
  }
  if (input.type === '1') {
    if (!brand.settings.registerTypes.includes(name.type)) await attempt.release();
    assertRegisterType(brand, name.type);
    if (user) throw new BusinessError(1004);
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
  apiRoute<SendInput, null>(deps.app, {
    url: '/v1/wa-na/sendMail',
    summary: 'Mail a one-time code (type 1 register, 2 forgot) or the registration-complete mail (4)',
    query: BRAND_QUERY,
    input: objectSchema({ email: text(), type: TYPE, locale: text(16) }, ['email', 'type']),
    data: { type: 'null' },
    handler: (input, request) =>
      sendCode(deps, request, { type: 'E', email: parseEmail(input.email ?? '') }, input),
  });

  apiRoute<SendInput, null>(deps.app, {
    url: '/v1/wa-na/sendPhone',
    summary: 'Text a one-time code (type 1 register, 2 forgot) to an international number without +',
    query: BRAND_QUERY,
    input: objectSchema({ phone: text(), areaCode: text(8), type: TYPE, locale: text(16) }, [
      'phone',
      'type',
    ]),
    data: { type: 'null' },
    handler: (input, request) =>
      sendCode(deps, request, { type: 'P', phone: parsePhone(input.phone ?? '', input.areaCode) }, input),
  });
}
