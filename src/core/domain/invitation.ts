/**
 * The invite programme's pure rules (spec §1, §2 the invite row): the sign-up link that carries an invite
 * code, reading the code back from a link, and the masked uid an inviter sees of an invitee.
 */

/** The query parameter of the register page that carries an invite code. */
export const INVITE_QUERY = 'inviteCode';

/** The sign-up link of `code` on `origin` (the site's own origin): `/register?inviteCode=…`. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/register?${INVITE_QUERY}=${encodeURIComponent(code)}`;
}

/**
 * The invite code a register link carries, as the register form may prefill it: trimmed, upper case, only
 * the letters and digits of an invite code (4 to 16 of them); anything else is no code at all.
 */
export function inviteCodeOf(value: string | null | undefined): string {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z0-9]{4,16}$/.test(code) ? code : '';
}

/** A uid with all but its first two and last two characters masked (`12345678` → `12****78`). */
export function maskUid(uid: string): string {
  if (uid.length <= 4) return '*'.repeat(uid.length);
  return `${uid.slice(0, 2)}${'*'.repeat(uid.length - 4)}${uid.slice(-2)}`;
}
