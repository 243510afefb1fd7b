/** The users module's rule of placement: an operator's trading ban (405), set by `admin-routes.ts`. */
import { Code } from '../../../src/core/contract/codes';
import type { BlockingRule } from '../trading';

/** SQL over the account row `a`: its owner is banned from trading. */
const PROHIBITED_SQL = `coalesce((select u.trading_prohibited from users u where u.id = a.user_id), false)`;

/** 405 for every placement, real and demo, while `users.trading_prohibited` is set. */
export const tradingProhibitedRule: BlockingRule = {
  name: 'trading-prohibited',
  code: Code.TRADING_PROHIBITED,
  appliesTo: { market: true, option: true, real: true, demo: true },
  async check(tx, { trader }) {
    const { rows } = await tx.query<{ prohibited: boolean }>(
      'select trading_prohibited as prohibited from users where id = $1',
      [trader.userId],
    );
    return rows[0]?.prohibited === true;
  },
  inline: PROHIBITED_SQL,
};
