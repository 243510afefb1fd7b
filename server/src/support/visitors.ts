/**
 * Visitors (spec §2: the service page is open to anyone): a visitor gives a contact email and gets a random
 * credential in an HttpOnly, Secure, SameSite=Strict cookie sent only to the visitor calls
 * (SUPPORT_VISITOR_COOKIE_PATH; no page script can read it, issue #19). The table keeps its SHA-256 only.
 * The live channel is the exchange socket, opened with a one-time ticket (30 s) that a cookie-carrying call
 * hands out.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { SUPPORT_EMAIL_MAX, SUPPORT_VISITOR_COOKIE_PATH } from '../../../src/core/contract/support';
import { createRateLimiter } from '../auth';
import type { Db } from '../db/types';
import { cookieValue } from '../http/cookies';
import { BusinessError } from '../http/envelope';

export const VISITOR_COOKIE = 'tk_support_visitor';
/** Sent only to the visitor calls (the contract's SUPPORT_VISITOR_COOKIE_PATH), never to another route. */
const COOKIE_PATH = SUPPORT_VISITOR_COOKIE_PATH;
const COOKIE_MAX_AGE_S = 30 * 24 * 3600;
const CREDENTIAL = /^[A-Za-z0-9_-]{43}$/;
export const TICKET_TTL_MS = 30_000;
/** Visitor starts per client address: a conversation each, so a page cannot be scripted into a flood. */
const START_RULE = { bucket: 'support.visitor.ip', max: 5, windowMs: 60 * 60_000 };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface VisitorService {
  /** The visitor of the request's cookie, or null. */
  visitorOf(request: FastifyRequest): Promise<string | null>;
  /** The cookie's visitor (the email is updated), else a new visitor with its cookie set on the reply. */
  start(request: FastifyRequest, reply: FastifyReply, email: string, brandId: string): Promise<string>;
  issueTicket(visitorId: string): Promise<{ ticket: string; expiresAt: number }>;
  /** The visitor of a ticket, once; null when unknown, used or expired. */
  redeemTicket(ticket: string): Promise<string | null>;
}

export function createVisitorService(db: Db, now: () => number): VisitorService {
  const limiter = createRateLimiter(db, now);

  async function visitorOf(request: FastifyRequest): Promise<string | null> {
    const credential = cookieValue(request.headers.cookie, VISITOR_COOKIE);
    if (!credential || !CREDENTIAL.test(credential)) return null;
    const { rows } = await db.query<{ id: string }>(
      'select id::text as id from support_visitors where credential_hash = $1',
      [sha256(credential)],
    );
    return rows[0]?.id ?? null;
  }

  return {
    visitorOf,

    async start(request, reply, rawEmail, brandId) {
      const email = rawEmail.trim().toLowerCase();
      if (email.length > SUPPORT_EMAIL_MAX || !EMAIL.test(email)) {
        throw new BusinessError(Code.INCORRECT_PARAMETER, 'a contact email is needed');
      }
      const known = await visitorOf(request);
      if (known) {
        await db.query('update support_visitors set email = $2 where id = $1', [known, email]);
        return known;
      }
      if (!(await limiter.reserve(START_RULE, request.ip))) {
        throw new BusinessError(Code.TOO_FREQUENT, 'too many visitor conversations from this address');
      }
      const credential = randomBytes(32).toString('base64url');
      const { rows } = await db.query<{ id: string }>(
        `insert into support_visitors (credential_hash, email, brand_id, created_ms) values ($1, $2, $3, $4)
          returning id::text as id`,
        [sha256(credential), email, brandId, now()],
      );
      reply.header(
        'set-cookie',
        `${VISITOR_COOKIE}=${credential}; Path=${COOKIE_PATH}; HttpOnly; Secure; SameSite=Strict; ` +
          `Max-Age=${COOKIE_MAX_AGE_S}`,
      );
      return rows[0]?.id as string;
    },

    async issueTicket(visitorId) {
      const ticket = randomBytes(32).toString('base64url');
      const expiresAt = now() + TICKET_TTL_MS;
      await db.query('delete from support_visitor_tickets where expires_ms <= $1', [now()]);
      await db.query(
        'insert into support_visitor_tickets (ticket_hash, visitor_id, expires_ms) values ($1, $2, $3)',
        [sha256(ticket), visitorId, expiresAt],
      );
      return { ticket, expiresAt };
    },

    async redeemTicket(ticket) {
      if (!CREDENTIAL.test(ticket)) return null;
      const { rows } = await db.query<{ id: string }>(
        `delete from support_visitor_tickets where ticket_hash = $1 and expires_ms > $2
          returning visitor_id::text as id`,
        [sha256(ticket), now()],
      );
      return rows[0]?.id ?? null;
    },
  };
}
