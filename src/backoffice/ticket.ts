/**
 * What money queues share (deposits, withdrawals, and later loans): a ticket item with its amounts as
 * operators read them, its list row and facts, and the approve / reject pair of decisions on it.
 */
import type { Endpoint, InputOf } from '../core/contract/endpoint';
import { rejectOrApprove, type Fact, type QueueItem, type Row } from './queue-declaration';
import type { Translate } from './context';

/** A waiting money ticket as a queue shows it. */
export interface TicketItem extends QueueItem {
  /** The amounts as shown (`ticketAmount`, USD value at 2 decimals). */
  amount: string;
  currency: string;
  usdAmount: string;
  method: 'crypto' | 'bank';
  /** How the money moves: "USDT · TRC20", or the bank card "Bank ****1234". */
  via: string;
  /** Withdrawals: the fee and what is paid out, in `currency`; null for a deposit. */
  fee: string | null;
  practical: string | null;
  /** Admin path of the deposit's proof image, null without one (and for a withdrawal). */
  proofUrl: string | null;
  /** Facts of the detail view: [label key, value] (see {@link ticketFields}). */
  fields: Array<[string, string]>;
}

/** A coin and its network ("USDT · TRC20"), the coin alone when the network is the coin itself. */
export const viaOf = (currency: string, protocol: string | null) =>
  protocol && protocol !== currency ? `${currency} · ${protocol}` : currency;

/** The list row: the amount, then how the money moves. */
export const ticketRow = (item: TicketItem): Row => ({
  title: `${item.amount} ${item.currency}`,
  note: item.via,
});

/** The detail's facts: amount, its USD value (unless in USD), and a withdrawal's fee and payout. */
export function ticketFacts(item: TicketItem, fee?: { fee: string; practical: string }): Fact[] {
  const facts: Fact[] = [
    { label: 'backoffice.queue.amount', text: `${item.amount} ${item.currency}`, num: true },
  ];
  if (item.currency !== 'USD')
    facts.push({ label: 'backoffice.queue.usd', text: `${item.usdAmount} USD`, num: true });
  if (fee && item.fee !== null && item.practical !== null) {
    facts.push({ label: fee.fee, text: `${item.fee} ${item.currency}`, num: true });
    facts.push({ label: fee.practical, text: `${item.practical} ${item.currency}`, num: true });
  }
  return facts;
}

/**
 * The "Details" rows: each field's label under the shell's `backoffice.queue.field` (ticket, method, coin)
 * or the queue's own `labels`, the method by its name.
 */
export function ticketFields(item: TicketItem, t: Translate, labels: string): Array<[string, string]> {
  const shared = new Set(['ticket', 'method', 'coin']);
  return item.fields.map(([name, text]) => [
    shared.has(name) ? `backoffice.queue.field.${name}` : `${labels}.${name}`,
    name === 'method' ? t(`backoffice.queue.field.method_${text}`) : text,
  ]);
}

/** What approving or rejecting a money ticket does, as the confirm dialog says it. */
const ticketText = (item: TicketItem, t: Translate) =>
  t('backoffice.queue.approve_text', { amount: item.amount, currency: item.currency, uid: item.userUid });

/** Reject (a reason the user sees is required), then Approve: the buttons of a money queue. */
export function ticketDecisions<R extends Endpoint, A extends Endpoint>(endpoints: {
  reject: R;
  rejectInput: (item: TicketItem, reason: string) => InputOf<R>;
  approve: A;
  approveInput: (item: TicketItem) => InputOf<A>;
}) {
  return rejectOrApprove<R, A, TicketItem>({ ...endpoints, rejectText: ticketText, approveText: ticketText });
}
