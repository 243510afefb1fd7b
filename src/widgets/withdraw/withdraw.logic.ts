/**
 * The withdraw form's rules (spec §2 Withdraw, §4, §5), pure: which tabs a brand offers, what the status
 * check's answer means, the form state and its transitions (a tab switch clears amount and selection), the
 * message of an amount, and when a fee quote is due.
 */
import { formatAmount } from '../../core/domain/format';
import type { SystemConfigEntry } from '../../core/contract/types';
import {
  cleanWithdrawAmount,
  withdrawAmountProblem,
  type AmountProblem,
} from '../../core/domain/withdraw-quote';

/** Fee quotes repeat this often while a valid amount stands (spec §4). */
export const REQUOTE_MS = 1000;

export type WithdrawTab = 'crypto' | 'bank_card';

/** The status check's codes that stop the form (spec §4, §8). */
export const STATUS_STOP_CODES = [1066, 1067, 1070, 23557] as const;

const flag = (configs: readonly SystemConfigEntry[] | undefined, name: string) =>
  configs?.some((c) => c.name === name && c.enable) ?? false;

/** The tabs a brand offers: crypto unless NO_WALLET_WITHDRAW, bank card only with user/bankCard. */
export function withdrawTabs(configs: readonly SystemConfigEntry[] | undefined): WithdrawTab[] {
  const tabs: WithdrawTab[] = [];
  if (!flag(configs, 'NO_WALLET_WITHDRAW')) tabs.push('crypto');
  if (flag(configs, 'user/bankCard')) tabs.push('bank_card');
  return tabs;
}

/** What the form knows about the amount's limits: the selection's range and USD price. */
export interface Limits {
  min: string;
  max: string;
  /** USD per unit (1 for USD and stablecoins; the quote's usdPrice once known). */
  usdPrice: string;
  /** The unit shown in messages ('USDT', 'USD'). */
  unit: string;
}

/** The form's state. */
export interface FormState {
  tab: WithdrawTab;
  /** Selected coin id (crypto) or bank card id (bank_card); null before a choice. */
  selection: string | null;
  amount: string;
  /**
   * Spec §4: set when a submit begins or when the status check answered 1067, 1070 or 1066; while set the
   * front-end amount checks are skipped (the server's answer decides).
   */
  skipChecks: boolean;
}

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
      return { ...state, amount: cleanWithdrawAmount(action.typed) };
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

const USD_PROBLEMS: readonly (AmountProblem | null)[] = ['usd_below_min', 'usd_above_max'];

/**
 * The amount's problem as the form can know it: the USD limits only once a quote gave the coin's USD price
 * (before, `limits.usdPrice` is a placeholder).
 */
export function formProblem(
  amount: string,
  limits: Limits,
  quote: { practical: string; isOver: boolean } | null,
): AmountProblem | null {
  const problem = withdrawAmountProblem(amount, limits, quote ?? undefined);
  return quote === null && USD_PROBLEMS.includes(problem) ? null : problem;
}

/** True when the amount may be quoted: a valid amount within the selection's range (spec §4). */
export function quotable(amount: string, limits: Limits | null): boolean {
  return limits !== null && amount !== '' && formProblem(amount, limits, null) === null;
}

/** The form may be submitted: a selection, a valid amount and, unless checks are skipped, a clean quote. */
export function canSubmit(
  state: FormState,
  limits: Limits | null,
  quote: { practical: string; isOver: boolean } | null,
): boolean {
  if (state.selection === null || state.amount === '' || limits === null) return false;
  if (state.skipChecks) return true;
  return quote !== null && formProblem(state.amount, limits, quote) === null;
}

/** The range text '(min unit ~ max unit)' (spec §2). */
export function rangeText(limits: Limits): string {
  // Spec §9: USD amounts with 2 decimals and thousands separators; a coin's limits as they are.
  const shown = (value: string) => (limits.unit === 'USD' ? formatAmount(value) : value);
  return `(${shown(limits.min)} ${limits.unit} ~ ${shown(limits.max)} ${limits.unit})`;
}

/** A decimal shown without trailing fraction zeros ('50.00000000' → '50'). */
export function plain(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
