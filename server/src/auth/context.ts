import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BrandRecord } from '../brand';
import type { Db, Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { Code } from '../../../src/core/contract/codes';
import type { OutgoingMessage, Sender } from '../sender';
import type { Captchas } from './captcha';
import type { OneTimeCodes } from './one-time-codes';
import type { RateLimiter, RateRule, Reservation } from './rate-limit';
import type { AuthKeys } from './secrets';
import type { CreatedUser } from './service';
import type { Sessions } from './sessions';

/** What the identity routes share. */
export interface AuthRouteDeps {
  app: FastifyInstance;
  db: Db;
  now: () => number;
  keys: AuthKeys;
  sessions: Sessions;
  codes: OneTimeCodes;
  captchas: Captchas;
  limits: RateLimiter;
  sender: Sender;
  dummyHash: string;
  userHooks: Array<(tx: Queryable, user: CreatedUser) => Promise<void>>;
}

/**
 * The system config that says whether phone registration verifies the number by SMS. When a brand sets
 * `PHONE_SMS_VERIFY` to false, phone registration takes an image captcha instead; missing means on.
 */
export const PHONE_SMS_VERIFY = 'PHONE_SMS_VERIFY';

/** False when the brand registers phone users with an image captcha instead of an SMS code. */
export function phoneSmsVerification(brand: BrandRecord): boolean {
  return brand.systemConfigs.find((entry) => entry.name === PHONE_SMS_VERIFY)?.enable !== false;
}

/** 1001 unless the brand offers registration of this type (spec §1: email or phone per brand). */
export function assertRegisterType(brand: BrandRecord, type: 'E' | 'P'): void {
  if (!brand.settings.registerTypes.includes(type)) throw new BusinessError(Code.INCORRECT_PARAMETER);
}

/**
 * Reserves one event in each window before the work they limit, or gives back what it took and throws `code`.
 * The caller releases the reservation when the attempt turns out not to count (a success, a refusal that
 * cost nothing); see `withReservation`.
 */
export async function reserveWithin(
  limits: RateLimiter,
  checks: Array<[RateRule, string]>,
  code: number,
): Promise<Reservation> {
  const taken: Reservation[] = [];
  const release = async () => {
    for (const reservation of taken) await reservation.release();
  };
  for (const [rule, subject] of checks) {
    const reservation = await limits.reserve(rule, subject);
    if (!reservation) {
      await release();
      throw new BusinessError(code);
    }
    taken.push(reservation);
  }
  return { release };
}

/**
 * Runs `work` inside reserved windows (see `reserveWithin`): the events stay counted when it succeeds, and
 * are given back when it throws — for limits on what is done (codes drawn, accounts made), not on failures.
 */
export async function withReservation<T>(
  limits: RateLimiter,
  checks: Array<[RateRule, string]>,
  code: number,
  work: (reservation: Reservation) => Promise<T>,
): Promise<T> {
  const reservation = await reserveWithin(limits, checks, code);
  try {
    return await work(reservation);
  } catch (error) {
    await reservation.release();
    throw error;
  }
}

/** Sends a message, logging (never leaking) a failure; returns whether it went out. */
export async function deliver(
  deps: AuthRouteDeps,
  request: FastifyRequest,
  message: OutgoingMessage,
): Promise<boolean> {
  try {
    await deps.sender.send(message);
    return true;
  } catch (error) {
    request.log.error({ err: error, channel: message.channel, purpose: message.purpose }, 'message not sent');
    return false;
  }
}
