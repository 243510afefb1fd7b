/**
 * The trading module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export { forexDepositRule } from './rules';
export { DEFAULT_TRADING_SETTINGS } from './settings';
export { totalDeposits } from './place';
export type { OrderChange, TradingService } from './service-types';
export type { Engine, Trader } from './engine';
export { SETTLE_REFUSALS, lockUserAccount, postMovements } from './ledger-ops';
export { newOrderUid } from './orders-repo';
export { traderOf } from './exchange-routes';
export {
  assertPlacementAllowed,
  createBlockingRules,
  lockAccountAgainstPlacements,
  type BlockingRule,
  type BlockingRules,
} from './blocking-rules';
export {
  createAccountActionRules,
  type AccountAction,
  type AccountActionRule,
  type AccountActionRules,
  type ActionContext,
} from './blocking-rules';
