/**
 * What refuses a placement because of who places it, asked before placing (issue #26): the order and option
 * forms show it before the trader fills them in. The spec is silent on such a call (§7); TradeKit adds it
 * beside the order calls. It answers the registered blocking rules' current verdict for the caller's own
 * account in the session's mode (real or demo); each block names its rule and its catalogue code, and the
 * client shows the catalogue text of the code, so a new rule needs no client change.
 */
import { Code } from './codes';
import { endpoint, type DataOf } from './endpoint';
import { Obj, OneOf, Str, T, type Static } from './schema';

/** One rule that refuses now. */
export const PlacementBlock = Obj({
  rule: T.String({ description: 'The rule’s name (`withdrawal-pending`, `trading-prohibited`, …)' }),
  code: T.Integer({ description: 'The catalogue code its refusal answers (406, 405, 320, …)' }),
});
export type PlacementBlock = Static<typeof PlacementBlock>;

/** `{api}/waa/order/placementBlocks`. */
export const placementBlocks = endpoint({
  service: 'api',
  path: 'waa/order/placementBlocks',
  access: 'protected',
  tag: 'trading',
  summary:
    'The rules that would refuse a market order or an option on this product now, for the caller’s own ' +
    'account in the session’s mode (nothing is placed or locked; the placement checks again)',
  input: Obj({
    tradePair: Str(32, { minLength: 1 }),
    kind: OneOf(['market', 'option'] as const, 'market: market or pending order; option: option'),
  }),
  data: Obj({ blocks: T.Array(PlacementBlock) }),
  codes: [Code.INCORRECT_PARAMETER, Code.PAIR_NOT_FOUND, Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED],
});
export type PlacementBlocks = DataOf<typeof placementBlocks>;
