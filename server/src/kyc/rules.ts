/**
 * What each identity level unlocks, enforced through the blocking-rule seam (decisions KY2–KY4): a placement
 * rule (real orders and options, 1014) and the action rules of deposits and withdrawals (1014 below the
 * brand's level, 1156 a phone registration without a bound email). The brand's policy is `settings.kyc`
 * (`contract/kyc.ts` `requiredLevel`, `bindEmailFirst`); the defaults gate only withdrawals.
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { bindEmailFirst, requiredLevel, type KycAction, type KycLevel } from '../../../src/core/contract/kyc';
import { brandFlag } from '../accounts';
import type { Queryable } from '../db/types';
import type { AccountActionRule, BlockingRule } from '../trading';
import { contactOf, holdsLevel } from './repo';

/** The level the brand asks for `action`, or null when it asks for none (unknown brands: none). */
export function levelNeeded(app: FastifyInstance, brandId: string, action: KycAction): KycLevel | null {
  const settings = app.brand.get(brandId)?.settings;
  if (!settings) return null;
  const level = requiredLevel(settings, action);
  return level === 'none' ? null : level;
}

/** Whether the user lacks the level the brand asks for `action`. */
async function belowLevel(
  app: FastifyInstance,
  q: Queryable,
  action: KycAction,
  who: { userId: string; brandId: string },
): Promise<boolean> {
  const level = levelNeeded(app, who.brandId, action);
  return level !== null && !(await holdsLevel(q, who.userId, level));
}

/**
 * Whether the brand asks a phone-registered user to bind an email before `action` (spec §5
 * `p_bind_email_first`): only where it offers the binding at all (`user/bindEmail`) and registers by phone.
 */
export function emailRequired(app: FastifyInstance, brandId: string, action: KycAction): boolean {
  const settings = app.brand.get(brandId)?.settings;
  if (!settings?.registerTypes.includes('P') || !brandFlag(app, brandId, 'user/bindEmail')) return false;
  return bindEmailFirst(settings, action);
}

/** Whether the user must bind an email first (1156). */
export async function emailMissing(
  app: FastifyInstance,
  q: Queryable,
  action: KycAction,
  who: { userId: string; brandId: string },
): Promise<boolean> {
  if (!emailRequired(app, who.brandId, action)) return false;
  const contact = await contactOf(q, who.userId);
  return contact !== null && contact.registerType === 'P' && !contact.email;
}

/** 1014 on real orders and options below the brand's trading level (none by default: never applies). */
export function identityPlacementRule(app: FastifyInstance): BlockingRule {
  return {
    name: 'identity-level',
    code: Code.WRONG_REAL_NAME_STATUS,
    appliesTo: { market: true, option: true, real: true, demo: false },
    // Without a database read: brands that ask for no level keep the one-statement placement.
    when: ({ trader }) => levelNeeded(app, trader.brandId, 'trading') !== null,
    check: (tx, { trader }) => belowLevel(app, tx, 'trading', trader),
  };
}

/** 1156 on real orders and options of a phone registration without an email, where the brand asks it. */
export function boundEmailPlacementRule(app: FastifyInstance): BlockingRule {
  return {
    name: 'bind-email-first',
    code: Code.EMAIL_NOT_BOUND,
    appliesTo: { market: true, option: true, real: true, demo: false },
    when: ({ trader }) => emailRequired(app, trader.brandId, 'trading'),
    check: (tx, { trader }) => emailMissing(app, tx, 'trading', trader),
  };
}

/** 1156 first (bind the email), then 1014 (verify), on deposits and withdrawals. */
export function identityActionRules(app: FastifyInstance): AccountActionRule[] {
  return [
    {
      name: 'bind-email-first',
      code: Code.EMAIL_NOT_BOUND,
      actions: ['deposit', 'withdrawal'],
      check: (q, action, who) => emailMissing(app, q, action, who),
    },
    {
      name: 'identity-level',
      code: Code.WRONG_REAL_NAME_STATUS,
      actions: ['deposit', 'withdrawal'],
      check: (q, action, who) => belowLevel(app, q, action, who),
    },
  ];
}
