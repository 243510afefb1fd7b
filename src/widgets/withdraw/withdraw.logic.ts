/**
 * The withdraw widget's own rules (spec §2 Withdraw, §4, §5), pure: which tabs a brand offers, what the status
 * check's answer means, the form state and its transitions (a tab switch clears amount and selection) and the
 * message of an amount. The amount rules themselves are `core/domain/withdraw-form.ts`.
 */
import type { SystemConfigEntry } from '../../core/contract/types';
import type { FormFacts, Limits, WithdrawMethod } from '../../core/domain/withdraw-form';
import { type AmountProblem } from '../../core/domain/withdraw-quote';

/** Fee quotes repeat this often while a valid amount stands (spec §4). */
export const REQUOTE_MS = 1000;

export type WithdrawTab = WithdrawMethod;

/** Where the widget sends the user (host paths of spec §2). */
export const WITHDRAW_PATHS = {
  login: '/login?to=/user/withdraw',
  addCrypto: '/user/wallet/addCrypto',
  addBankCard: '/user/wallet/addBankCard',
  records: '/user/wallet/depositList',
} as const;

/**
 * The status check's codes that stop the form (spec §4, §8), with the identity rules of the brand's policy
 * (1014 verify first, 1156 bind an email first: KY3), whose notice links to the page that lifts them.
 */
export const STATUS_STOP_CODES = [1066, 1067, 1070, 23557, 1014, 1156] as const;

const flag = (configs: readonly SystemConfigEntry[] | undefined, name: string) =>
  configs?.some((c) => c.name === name && c.enable) ?? false;

/** The tabs a brand offers: crypto unless NO_WALLET_WITHDRAW, bank card only with user/bankCard. */
export function withdrawTabs(configs: readonly SystemConfigEntry[] | undefined): WithdrawTab[] {
  const tabs: WithdrawTab[] = [];
  if (!flag(configs, 'NO_WALLET_WITHDRAW')) tabs.push('crypto');
  if (flag(configs, 'user/bankCard')) tabs.push('bank_card');
  return tabs;
}

/** The form's state. */
export type FormState = FormFacts;

export function initialForm(tab: WithdrawTab): FormState {
  return { tab, selection: null, amount: '', skipChecks: false };
}

export type FormAction =
  | { type: 'tab'; tab: WithdrawTab }
  | { type: 'select'; id: string }
  | { type: 'amount'; typed: string }
  | { type: 'status'; code: number }
  | { type: 'submitting' }
  | { type: 'submitted' };

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'tab':
      // Spec §4: switching tab clears amount and selection.
      return action.tab === state.tab ? state : { ...state, tab: action.tab, selection: null, amount: '' };
    case 'select':
      return { ...state, selection: action.id };
    case 'amount':
      // Kept as the shared amount input gives it (issue #26: `.5` became 5, a sixth decimal was cut).
      return { ...state, amount: action.typed };
    case 'status':
      return [1066, 1067, 1070].includes(action.code) ? { ...state, skipChecks: true } : state;
    case 'submitting':
      return { ...state, skipChecks: true };
    case 'submitted':
      return { ...state, amount: '', skipChecks: false };
  }
}

/** The message key (and its values) of an amount problem (spec §5). */
export function amountMessage(
  problem: AmountProblem | null,
  limits: Limits,
): { key: string; values?: Record<string, string> } | null {
  switch (problem) {
    case null:
    case 'format':
      return null;
    case 'below_min':
    case 'above_max':
      return {
        key: 'withdraw.amount_limit',
        values: { min: limits.min, max: limits.max, coin: limits.unit },
      };
    case 'usd_below_min':
    case 'usd_above_max':
      return { key: 'withdraw.amount_limit_usd', values: { min: '50', max: '10,000,000' } };
    case 'decimals':
      return { key: 'withdraw.decimals' };
    case 'practical':
      return { key: 'withdraw.practical_rule' };
    case 'insufficient':
      return { key: 'withdraw.insufficient_balance' };
  }
}
