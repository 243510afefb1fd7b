/**
 * The withdraw form's pure rules (spec §2 Withdraw, §4, §5, §9) on top of `withdraw-quote.ts`: the amount
 * bounds of the chosen coin or bank withdrawal, when an amount is quoted, which problem the form shows, when
 * it may be sent, and the fee / receive / balance-after preview.
 */
import { formatAmount } from './format';
import { withdrawAmountProblem, type AmountProblem } from './withdraw-quote';

/** How the user withdraws: to a crypto address or to a bank card. */
export type WithdrawMethod = 'crypto' | 'bank_card';

/** What the form knows about the amount's limits: the selection's range and USD price. */
export interface Limits {
  min: string;
  max: string;
  /** USD per unit (1 for USD and stablecoins; the quote's usdPrice once known). */
  usdPrice: string;
  /** The unit shown in messages ('USDT', 'USD'). */
  unit: string;
}

/** The part of a quote the amount rules read. */
export type QuoteFacts = { practical: string; isOver: boolean };

/** The part of the form the rules read. */
export interface FormFacts {
  tab: WithdrawMethod;
  /** Selected coin id (crypto) or bank card id (bank_card); null before a choice. */
  selection: string | null;
  amount: string;
  /** Front-end amount checks are skipped (a submit began, or the status check answered 1066/1067/1070). */
  skipChecks: boolean;
}

/** A decimal shown without trailing fraction zeros ('50.00000000' → '50'). */
export function plain(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** A range as the server states it (a coin's or the bank withdrawal's). */
export interface WithdrawRange {
  minWithdrawAmount: string;
  maxWithdrawAmount: string;
}

/**
 * The limits of the current choice: the coin's range in the coin, or the bank withdrawal's range in USD (only
 * once a card is chosen and the bank limits came). `usdPrice` is the quote's, '1' before one came.
 */
export function withdrawLimits(
  coin: (WithdrawRange & { currency: string }) | null,
  bank: WithdrawRange | null,
  usdPrice: string | undefined,
): Limits | null {
  const price = usdPrice ?? '1';
  const range = (r: WithdrawRange, unit: string) => ({
    min: plain(r.minWithdrawAmount),
    max: plain(r.maxWithdrawAmount),
    usdPrice: price,
    unit,
  });
  if (coin) return range(coin, coin.currency);
  if (bank) return range(bank, 'USD');
  return null;
}

const USD_PROBLEMS: readonly (AmountProblem | null)[] = ['usd_below_min', 'usd_above_max'];

/**
 * The amount's problem as the form can know it: the USD limits only once a quote gave the coin's USD price
 * (before, `limits.usdPrice` is a placeholder).
 */
export function formProblem(amount: string, limits: Limits, quote: QuoteFacts | null): AmountProblem | null {
  const problem = withdrawAmountProblem(amount, limits, quote ?? undefined);
  return quote === null && USD_PROBLEMS.includes(problem) ? null : problem;
}

/** The problem the form shows: none without limits, while the field is empty or while checks are skipped. */
export function shownProblem(
  form: Pick<FormFacts, 'amount' | 'skipChecks'>,
  limits: Limits | null,
  quote: QuoteFacts | null,
): AmountProblem | null {
  return limits && form.amount !== '' && !form.skipChecks ? formProblem(form.amount, limits, quote) : null;
}

/** True when the amount may be quoted: a valid amount within the selection's range (spec §4). */
export function quotable(amount: string, limits: Limits | null): boolean {
  return limits !== null && amount !== '' && formProblem(amount, limits, null) === null;
}

/** The form may be submitted: a selection, a valid amount and, unless checks are skipped, a clean quote. */
export function canSubmit(
  state: Pick<FormFacts, 'selection' | 'amount' | 'skipChecks'>,
  limits: Limits | null,
  quote: QuoteFacts | null,
): boolean {
  if (state.selection === null || state.amount === '' || limits === null) return false;
  if (state.skipChecks) return true;
  return quote !== null && formProblem(state.amount, limits, quote) === null;
}

/** What besides the amount decides the Done button. */
export interface SendFacts {
  /** The address a crypto withdrawal goes to ('' when none was typed and none is saved). */
  address: string;
  /** A submit is on its way. */
  busy: boolean;
  /** The status check stopped the form. */
  stopped: boolean;
}

/** Done is enabled: `canSubmit`, an address for crypto, nothing on its way and no stop from the status check. */
export function withdrawReady(
  form: FormFacts,
  limits: Limits | null,
  quote: QuoteFacts | null,
  send: SendFacts,
): boolean {
  return (
    canSubmit(form, limits, quote) &&
    (form.tab === 'bank_card' || send.address !== '') &&
    !send.busy &&
    !send.stopped
  );
}

/** The address a crypto withdrawal goes to: the saved one for the coin, else the typed one trimmed. */
export function payoutAddress(saved: string | null, typed: string): string {
  return saved ?? typed.trim();
}

/** The range text '(min unit ~ max unit)' (spec §2). */
export function rangeText(limits: Limits): string {
  // Spec §9: USD amounts with 2 decimals and thousands separators; a coin's limits as they are.
  const shown = (value: string) => (limits.unit === 'USD' ? formatAmount(value) : value);
  return `(${shown(limits.min)} ${limits.unit} ~ ${shown(limits.max)} ${limits.unit})`;
}

/** The preview lines under the amount: fee and amount received in the unit, balance after in USD. */
export interface WithdrawPreview {
  fee: string;
  actual: string;
  after: string;
}

/** The preview of a quote ('--' for each line before one came); spec §9: USD with 2 decimals, coins raw. */
export function withdrawPreview(
  quote: { fee: string; practical: string; afterBalance: string } | null,
  unit: string,
): WithdrawPreview {
  if (!quote) return { fee: '--', actual: '--', after: '--' };
  const shown = (value: string) => (unit === 'USD' ? formatAmount(value) : plain(value));
  return {
    fee: `${shown(quote.fee)} ${unit}`,
    actual: `${shown(quote.practical)} ${unit}`,
    after: `${formatAmount(quote.afterBalance)} USD`,
  };
}
