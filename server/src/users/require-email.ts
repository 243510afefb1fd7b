import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';

const EMAIL_NOT_BOUND = 1156;

/** The user's email, or 1156 ("bind first") for flows that mail the user (withdrawals, verification). */
export async function requireBoundEmail(q: Queryable, userId: string): Promise<string> {
  const { rows } = await q.query<{ email: string | null }>('select email from users where id = $1', [userId]);
  const email = rows[0]?.email;
  if (!email) throw new BusinessError(EMAIL_NOT_BOUND);
  return email;
}
