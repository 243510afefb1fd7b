/**
 * What refuses a placement because of who places it (not what is placed): one list that modules register
 * into from their own folder (405 users, 406 withdrawals, 320 trading; identity levels and overdue loans to
 * come). Market and option placement consult it after taking the account lock, each rule in a statement of
 * its own: under READ COMMITTED a statement's snapshot is taken when it starts, so a condition read by the
 * same `SELECT … FOR UPDATE` that waited for the lock misses rows committed while it waited (issue #19).
 */
import { BusinessError } from '../http/envelope';
import type { Queryable } from '../db/types';
import type { Instrument } from '../market';
import type { Engine, Trader } from './engine';

/** Which placement: a market or pending order, or an option. */
export type PlacementKind = 'market' | 'option';

/** What a rule sees of the placement. */
export interface PlacementContext {
  trader: Trader;
  kind: PlacementKind;
  product: Instrument;
}

/** One rule that refuses a placement with its catalogue code. */
export interface BlockingRule {
  /** Names the rule in logs and decisions (`withdrawal-pending`). */
  name: string;
  /** The catalogue code a refusal answers. */
  code: number;
  /** The placements it concerns. */
  appliesTo: { market: boolean; option: boolean; real: boolean; demo: boolean };
  /** Narrows `appliesTo` without the database (e.g. forex products only); applies when absent. */
  when?(context: PlacementContext): boolean;
  /** True when the rule refuses; one statement, run after the account lock is held. */
  check(tx: Queryable, context: PlacementContext): Promise<boolean>;
  /**
   * The same condition as one SQL boolean over the account row `a` (`ledger_accounts`), for the one-statement
   * placement (`place-fast.ts`), which uses it only when it took the lock without waiting and the row did not
   * change since its snapshot. No bound values: it reads only `a`. Absent: the placement takes the transaction.
   */
  inline?: string;
}

/** The registered rules. */
export interface BlockingRules {
  /** Adds a rule; rules run in the order they were registered (module order: users, withdrawals, trading). */
  register(rule: BlockingRule): void;
  /** The rules that concern this placement, in order. */
  applicable(context: PlacementContext): BlockingRule[];
}

/** An empty list. */
export function createBlockingRules(): BlockingRules {
  const rules: BlockingRule[] = [];
  return {
    register(rule) {
      if (rules.some((r) => r.name === rule.name))
        throw new Error(`blocking rule ${rule.name} registered twice`);
      rules.push(rule);
    },
    applicable(context) {
      const virtual = context.trader.virtual;
      return rules.filter(
        (r) =>
          r.appliesTo[context.kind] &&
          (virtual ? r.appliesTo.demo : r.appliesTo.real) &&
          (r.when?.(context) ?? true),
      );
    },
  };
}

/**
 * Throws the code of the first rule that refuses. Call it only while holding the account lock
 * (`lockUserAccount`): each check is a fresh statement, so it sees what committed before the lock was granted.
 */
export async function assertNotBlocked(
  tx: Queryable,
  rules: readonly BlockingRule[],
  context: PlacementContext,
): Promise<void> {
  for (const rule of rules) if (await rule.check(tx, context)) throw new BusinessError(rule.code);
}

/** A rule that refuses now: its name and the catalogue code the client shows. */
export interface CurrentBlock {
  rule: string;
  code: number;
}

/**
 * Every applicable rule that would refuse this placement now, in registration order, without placing or
 * locking anything: what the order and option forms show before the trader fills them in. A read, so it may
 * be out of date a moment later; the placement's own check under the lock stays the last word.
 */
export async function currentBlocks(
  q: Queryable,
  engine: Engine,
  context: PlacementContext,
): Promise<CurrentBlock[]> {
  const blocks: CurrentBlock[] = [];
  for (const rule of engine.blocking.applicable(context))
    if (await rule.check(q, context)) blocks.push({ rule: rule.name, code: rule.code });
  return blocks;
}

/** Every refusal of who places (the registered rules that apply), under the lock. */
export async function assertPlacementAllowed(
  tx: Queryable,
  engine: Engine,
  context: PlacementContext,
): Promise<void> {
  await assertNotBlocked(tx, engine.blocking.applicable(context), context);
}

/**
 * Locks the user's real account row for a change that must exclude concurrent placements (a withdrawal
 * submit): every placement takes this row first, so whichever of the two is granted it first is seen by the
 * other's fresh checks. It writes the row (a no-op update) so that its version changes: a one-statement
 * placement that read an older version falls back to the transaction and its fresh checks. Answers the
 * account's id and balance, or null when the user has no real account.
 */
export async function lockAccountAgainstPlacements(
  tx: Queryable,
  userId: string,
): Promise<{ id: string; balance: string } | null> {
  const { rows } = await tx.query<{ id: string; balance: string }>(
    `update ledger_accounts set balance = balance where user_id = $1 and kind = 'real'
     returning id, balance::text`,
    [userId],
  );
  return rows[0] ?? null;
}

/** A money move of the user that a rule may refuse (issue #20): placements have their own list above. */
export type AccountAction = 'deposit' | 'withdrawal';

/** Who moves money: the session's user and brand. */
export interface ActionContext {
  userId: string;
  brandId: string;
}

/**
 * One rule that refuses a deposit or a withdrawal because of who asks (an identity level, an unbound email,
 * an overdue loan): registered by the module that owns the condition, consulted by the deposit submit and by
 * the withdrawal status check and submit, which answer its code (the form shows why).
 */
export interface AccountActionRule {
  name: string;
  code: number;
  actions: readonly AccountAction[];
  /** True when the rule refuses; one statement (the withdrawal submit runs it under the account lock). */
  check(q: Queryable, action: AccountAction, context: ActionContext): Promise<boolean>;
}

/** The registered action rules. */
export interface AccountActionRules {
  register(rule: AccountActionRule): void;
  /** The code of the first rule (in registration order) that refuses `action`, or null. */
  refusal(q: Queryable, action: AccountAction, context: ActionContext): Promise<number | null>;
}

/** An empty list of action rules. */
export function createAccountActionRules(): AccountActionRules {
  const rules: AccountActionRule[] = [];
  return {
    register(rule) {
      if (rules.some((r) => r.name === rule.name))
        throw new Error(`action rule ${rule.name} registered twice`);
      rules.push(rule);
    },
    async refusal(q, action, context) {
      for (const rule of rules)
        if (rule.actions.includes(action) && (await rule.check(q, action, context))) return rule.code;
      return null;
    },
  };
}
