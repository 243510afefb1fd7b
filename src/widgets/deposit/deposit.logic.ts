/**
 * The rules of <tk-deposit> (spec §2 Deposit, §4 deposit steps, §5 validation, §9 minimum): which tabs show,
 * the form's steps, its validation messages, the metaData it sends, and the draft kept in session storage
 * while the user reads the agreement.
 */
import type { CoinOption } from '../../core/contract/coins';
import { DEPOSIT_METHODS, type DepositMeta, type DepositMethod } from '../../core/contract/deposits';
import type { DepositBank } from '../../core/contract/deposits';
import type { SystemConfigResponse } from '../../core/contract/types';
import { depositAmountProblem, depositMinimumUsd, meetsDepositMinimum } from '../../core/domain/deposit';
import { dropProof } from './deposit-proof';

/** The agreement page the form links to (spec §2). */
export const AGREEMENT_PATH = '/user/agreement';
/** The deposit page itself (where a draft returns to). */
export const DEPOSIT_PATH = '/user/deposit';
/** Where a brand with deposits disabled sends the user (spec §2, §4). */
export const SERVICE_PATH = '/user/service';
/** Session-storage key of the draft. */
export const DRAFT_KEY = 'tk.deposit.draft';

/** The tabs of the brand's deposit types, in its order, known methods only, each once (spec §2). */
export function depositTabs(depositTypes: readonly string[] | undefined): DepositMethod[] {
  const tabs: DepositMethod[] = [];
  for (const type of depositTypes ?? ['crypto']) {
    if ((DEPOSIT_METHODS as readonly string[]).includes(type) && !tabs.includes(type as DepositMethod))
      tabs.push(type as DepositMethod);
  }
  return tabs;
}

/** What the user has filled in (the proof image is a File and never leaves the page). */
export interface DepositForm {
  tab: DepositMethod;
  step: 1 | 2;
  coinId: number | null;
  bankId: number | null;
  amount: string;
  agreed: boolean;
}

/** A fresh form on `tab`, on the first coin and step 1. */
export function initialForm(tab: DepositMethod, firstCoinId: number | null): DepositForm {
  return { tab, step: 1, coinId: firstCoinId, bankId: null, amount: '', agreed: false };
}

/** Switching tabs starts that tab afresh (nothing typed on one tab is sent by another). */
export function switchTab(form: DepositForm, tab: DepositMethod, firstCoinId: number | null): DepositForm {
  return tab === form.tab ? form : initialForm(tab, firstCoinId);
}

/** After a successful submission: the first coin and step 1 again (spec §4). */
export function afterSuccess(form: DepositForm, firstCoinId: number | null): DepositForm {
  return initialForm(form.tab, firstCoinId);
}

/** The i18n key of the first problem of the form, or null when it can be sent (spec §5). */
export function formProblem(
  form: DepositForm,
  options: { hasProof: boolean; language: string; usdValued: boolean; needsBank: boolean },
): string | null {
  if (form.tab === 'crypto' && form.coinId === null) return 'deposit.pick_coin';
  if (form.tab === 'bank' && options.needsBank && form.bankId === null) return 'deposit.pick_bank';
  const problem = depositAmountProblem(form.amount);
  if (problem === 'required' || problem === 'leading_dot') return 'user.p_t_deposit_amount';
  if (problem === 'decimals') return 'deposit.max_decimals';
  if (problem) return 'deposit.amount_positive';
  // The minimum is checked here for amounts already in USD; the server checks coins at their price.
  if (options.usdValued && !meetsDepositMinimum(form.amount, options.language))
    return 'deposit.below_minimum';
  if (!options.hasProof) return 'user.p_upload_deposit_proof';
  if (!form.agreed) return 'user.p_read_agreement';
  return null;
}

/** Whether an amount of this currency is already worth its face in USD (the minimum can be checked here). */
export function isUsdValued(currency: string): boolean {
  return currency === 'USD' || currency === 'USDT';
}

/** The minimum text's figure for the language (spec §9). */
export const minimumOf = depositMinimumUsd;

/** The `metaData` of a submission (contract `DepositMeta`). */
export function metaOf(form: DepositForm, language: string, said: string): DepositMeta {
  const base = { amt: form.amount.trim(), locale: language, agreement: form.agreed };
  if (form.tab === 'bank')
    return { type: 'bank', ...(form.bankId !== null ? { bankId: form.bankId } : {}), ...base };
  return { type: 'crypto', ...(form.coinId !== null ? { coinId: form.coinId } : {}), said, ...base };
}

/** A draft as stored: the form and where it is to be restored. */
interface StoredDraft {
  v: 1;
  form: DepositForm;
}

function isForm(value: unknown): value is DepositForm {
  const f = value as Partial<DepositForm> | null;
  return (
    typeof f === 'object' &&
    f !== null &&
    (DEPOSIT_METHODS as readonly string[]).includes(f.tab ?? '') &&
    (f.step === 1 || f.step === 2) &&
    (f.coinId === null || typeof f.coinId === 'number') &&
    (f.bankId === null || typeof f.bankId === 'number') &&
    typeof f.amount === 'string' &&
    f.amount.length <= 64 &&
    typeof f.agreed === 'boolean'
  );
}

/** Keeps the form while the user reads the agreement. */
export function saveDraft(storage: Storage | null, form: DepositForm): void {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify({ v: 1, form } satisfies StoredDraft));
  } catch {
    // Storage full or refused: the form simply starts afresh on return.
  }
}

/** Takes the kept form (once: it is removed), or null. */
export function takeDraft(storage: Storage | null): DepositForm | null {
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    storage?.removeItem(DRAFT_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredDraft>) : null;
    return parsed?.v === 1 && isForm(parsed.form) ? parsed.form : null;
  } catch {
    return null;
  }
}

/** Drops a kept form and its proof. */
export function clearDraft(storage: Storage | null): void {
  dropProof(storage);
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept that could be read back either.
  }
}

/** Leaving the agreement page for `path`: the draft is kept only when going back to the deposit page. */
export function keepsDraft(path: string): boolean {
  const pathname = path.split(/[?#]/)[0]?.replace(/\/+$/, '').toLowerCase() ?? '';
  return pathname === DEPOSIT_PATH.toLowerCase();
}

/** The page's session storage, or null where it is not available (sandboxed frames, privacy modes). */
export function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The deposit switches of the system config (spec §9); every switch is off until the config loads. */
export interface DepositFlags {
  disabled: boolean;
  hideCrypto: boolean;
  showQr: boolean;
}

/** `disableDeposit`, `depositHideCrypto` and `depositHideQRCode` of the system config. */
export function depositFlags(config: SystemConfigResponse | null): DepositFlags {
  const isOn = (name: string) => config?.systemConfigs.some((c) => c.name === name && c.enable) ?? false;
  return {
    disabled: isOn('disableDeposit'),
    hideCrypto: isOn('depositHideCrypto'),
    showQr: !isOn('depositHideQRCode'),
  };
}

/** The coin or bank account the form is on and the currency its amount is in. */
export interface DepositSelection {
  coin: CoinOption | null;
  bank: DepositBank | null;
  /** A bank deposit is in its account's currency, USD without one; a crypto deposit in its coin's. */
  currency: string;
  /** Whether the form must name a bank account (not when the brand takes a fixed USD transfer). */
  needsBank: boolean;
}

/** What `form` has chosen among the loaded coins and banks. */
export function selectionOf(
  form: DepositForm,
  options: { coins: readonly CoinOption[]; banks: readonly DepositBank[]; fixedUsd: boolean },
): DepositSelection {
  const coin = options.coins.find((c) => c.id === form.coinId) ?? null;
  const bank = options.banks.find((b) => b.id === form.bankId) ?? null;
  const currency = form.tab === 'bank' ? (bank?.currency ?? 'USD') : (coin?.currency ?? '');
  return { coin, bank, currency, needsBank: form.tab === 'bank' && !options.fixedUsd };
}
