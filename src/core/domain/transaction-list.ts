/**
 * The transaction list's parts (spec §2 `/user/wallet/transactionList`, alias depositList; Records): which
 * lists it offers on a brand — market trades and option trades for the trade modes the brand has, and the
 * deposit/withdraw records — and which one a link opens.
 */

/** The lists of the transaction list. */
export const TRANSACTION_TABS = ['market', 'option', 'cash'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/** The tabs of a brand: its trade modes in the brand's order, then the deposit/withdraw records. */
export function transactionTabs(modes: readonly string[]): TransactionTab[] {
  const trades = modes.filter(
    (m, i): m is 'market' | 'option' => (m === 'market' || m === 'option') && modes.indexOf(m) === i,
  );
  return [...trades, 'cash'];
}

/** What of the link decides the tab: the order numbers of spec §2, the tab asked for, the path used. */
export interface TransactionLink {
  uid?: string | undefined;
  optionUID?: string | undefined;
  tab?: string | undefined;
  /** Opened as `/user/wallet/depositList`: the deposit/withdraw records. */
  depositList?: boolean;
}

/**
 * The tab a link opens: an option's number opens the option trades, a market order's the market trades (each
 * where the brand has it), else the tab asked for, else the records for the depositList alias, else the first.
 */
export function tabOfLink(tabs: readonly TransactionTab[], link: TransactionLink): TransactionTab {
  const has = (tab: string | undefined): tab is TransactionTab => tabs.includes(tab as TransactionTab);
  if (link.optionUID && has('option')) return 'option';
  if (link.uid && has('market')) return 'market';
  if (has(link.tab)) return link.tab;
  if (link.depositList) return 'cash';
  return tabs[0] ?? 'cash';
}
