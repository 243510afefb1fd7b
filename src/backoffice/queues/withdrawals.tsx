/**
 * The withdrawals queue (finance): waiting withdrawals oldest first with their fee and payout; the detail
 * reads the destination as submitted (address or bank account). Approve pays out, reject returns the amount
 * to the balance with a reason the user sees.
 */
import {
  AdminWithdrawalApprove,
  AdminWithdrawalDetail,
  AdminWithdrawalList,
  AdminWithdrawalReject,
  type AdminWithdrawal,
  type WithdrawalDestination,
} from '../../core/contract/withdrawals';
import { formatAmount } from '../../core/domain/format';
import english from '../../core/i18n/locales/en/backoffice/withdrawals.json';
import { ticketAmount } from '../logic';
import { defineQueue, queueStrings, read } from '../queue-declaration';
import { SidePanel } from '../side-panel';
import { ticketDecisions, ticketFacts, ticketFields, ticketRow, viaOf, type TicketItem } from '../ticket';

const KEYS = 'backoffice.queues.withdrawals';

/** The facts of a withdrawal's destination, as submitted. */
function destinationFields(destination: WithdrawalDestination): Array<[string, string]> {
  if (destination.kind === 'crypto') {
    return [
      ['coin', viaOf(destination.currency, destination.protocol)],
      ['address', destination.address],
    ];
  }
  return [
    ['bank', destination.bankName],
    ['bank_code', destination.bankCode],
    ['swift', destination.swiftCode],
    ['country', destination.bankCountry],
    ['payee', destination.name],
    ['account', destination.account],
  ].filter((field): field is [string, string] => field[1] !== '');
}

/** A queue item from a withdrawal of the admin list, with its destination once the detail is read. */
export function withdrawalItem(
  withdrawal: AdminWithdrawal,
  destination: WithdrawalDestination | null = null,
): TicketItem {
  const via =
    withdrawal.method === 'bank'
      ? `${withdrawal.bankName ?? ''} ****${withdrawal.accountLast4 ?? ''}`.trim()
      : viaOf(withdrawal.currency, withdrawal.protocol);
  return {
    id: withdrawal.id,
    ticketNo: withdrawal.uid,
    userUid: withdrawal.userUid,
    amount: ticketAmount(withdrawal.amount, withdrawal.currency),
    currency: withdrawal.currency,
    usdAmount: formatAmount(withdrawal.usdAmount),
    method: withdrawal.method,
    via,
    fee: ticketAmount(withdrawal.fee, withdrawal.currency),
    practical: ticketAmount(withdrawal.practical, withdrawal.currency),
    createdAt: withdrawal.createdAt,
    proofUrl: null,
    fields: [
      ['ticket', withdrawal.uid],
      ['method', withdrawal.method],
      ...(destination ? destinationFields(destination) : [['via', via] as [string, string]]),
    ],
  };
}

export const queue = defineQueue<TicketItem>({
  id: 'withdrawals',
  order: 20,
  strings: queueStrings(
    'withdrawals',
    english,
    import.meta.glob(
      ['../../core/i18n/locales/*/backoffice/withdrawals.json', '!../../core/i18n/locales/en/backoffice/*'],
      { import: 'default' },
    ),
  ),
  nav: `${KEYS}.nav`,
  heading: `${KEYS}.heading`,
  list: read(
    AdminWithdrawalList,
    () => ({ status: 'waiting' as const }),
    (data) => data.list.map((withdrawal) => withdrawalItem(withdrawal)),
  ),
  detail: read(
    AdminWithdrawalDetail,
    (item: TicketItem) => ({ id: item.id }),
    (data) => withdrawalItem(data.withdrawal, data.destination),
  ),
  row: ticketRow,
  facts: (item) => ticketFacts(item, { fee: `${KEYS}.field.fee`, practical: `${KEYS}.field.practical` }),
  fields: (item, t) => ticketFields(item, t, `${KEYS}.field`),
  panel: SidePanel,
  decisions: ticketDecisions({
    reject: AdminWithdrawalReject,
    rejectInput: (item, reason) => ({ id: item.id, reason }),
    approve: AdminWithdrawalApprove,
    approveInput: (item) => ({ id: item.id }),
  }),
});
