/**
 * The session mark (decision SEC9, ASVS 7.2.4): what a browser shows the sign-in call so that signing in again
 * ends the session it held. It names the session (`sid`, which the session's access tokens already carry) and
 * seals it with a keyed MAC, so that nobody can make one for a session they did not get from the server. It is
 * no credential: the only thing it can do is let a successful sign-in of the same user end that one session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const MARK = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

const macOf = (key: Buffer, sessionId: string) =>
  createHmac('sha256', key).update(sessionId).digest('base64url');

/** The mark of `sessionId` under `key`. */
export function sessionMark(key: Buffer, sessionId: string): string {
  return `${sessionId}.${macOf(key, sessionId)}`;
}

/** The session a mark names, or null when it is missing, malformed or not sealed with `key`. */
export function markedSession(key: Buffer, mark: string | null): string | null {
  const parts = mark === null ? null : MARK.exec(mark);
  if (!parts) return null;
  const [, sessionId = '', mac = ''] = parts;
  const expected = Buffer.from(macOf(key, sessionId));
  return timingSafeEqual(Buffer.from(mac), expected) ? sessionId : null;
}
