/**
 * The deposits queue (finance): waiting deposits oldest first, each with the user's proof image, approved
 * (the money is credited) or rejected with a reason the user sees.
 */
import { useState } from 'react';
import {
  AdminApproveDeposit,
  AdminDepositList,
  AdminRejectDeposit,
  type AdminDeposit,
} from '../../core/contract/deposits';
import { formatAmount } from '../../core/domain/format';
import english from '../../core/i18n/locales/en/backoffice/deposits.json';
import { ModalDrawer } from '../../widgets/_shared/drawer';
import { useBackoffice } from '../context';
import { ticketAmount } from '../logic';
import { defineQueue, queueStrings, read } from '../queue-declaration';
import { SidePanel } from '../side-panel';
import { ticketDecisions, ticketFacts, ticketFields, ticketRow, viaOf, type TicketItem } from '../ticket';

const KEYS = 'backoffice.queues.deposits';

/** A queue item from a deposit of the admin list. */
export function depositItem(deposit: AdminDeposit): TicketItem {
  const via = deposit.method === 'crypto' ? viaOf(deposit.currency, deposit.protocol) : deposit.currency;
  return {
    id: deposit.id,
    ticketNo: deposit.uid,
    userUid: deposit.userUid,
    amount: ticketAmount(deposit.amount, deposit.currency),
    currency: deposit.currency,
    usdAmount: formatAmount(deposit.usdAmount),
    method: deposit.method,
    via,
    fee: null,
    practical: null,
    createdAt: deposit.createdAt,
    proofUrl: deposit.proofUrl,
    fields: [
      ['ticket', deposit.uid],
      ['method', deposit.method],
      ['coin', via],
    ],
  };
}

/** The proof image the user sent, enlarged on a click. */
function Proof({ item }: { item: TicketItem }) {
  const { t } = useBackoffice();
  const [zoomed, setZoomed] = useState(false);
  const src = item.proofUrl;
  return (
    <>
      <h3>{t(`${KEYS}.proof`)}</h3>
      {src ? (
        <button
          type="button"
          className="bo-proof"
          onClick={() => setZoomed(true)}
          aria-label={t(`${KEYS}.zoom_in`)}
        >
          <img src={src} alt={t(`${KEYS}.proof`)} data-testid="bo-proof" />
        </button>
      ) : (
        <p className="bo-muted">{t(`${KEYS}.no_proof`)}</p>
      )}
      {src && zoomed ? (
        <ModalDrawer
          title={t(`${KEYS}.proof`)}
          onClose={() => setZoomed(false)}
          block="bo-zoom"
          part="zoom"
          closeLabel={t(`${KEYS}.zoom_out`)}
        >
          <img className="bo-zoom__image" src={src} alt={t(`${KEYS}.proof`)} />
        </ModalDrawer>
      ) : null}
    </>
  );
}

export const queue = defineQueue<TicketItem>({
  id: 'deposits',
  order: 10,
  strings: queueStrings(
    'deposits',
    english,
    import.meta.glob(
      ['../../core/i18n/locales/*/backoffice/deposits.json', '!../../core/i18n/locales/en/backoffice/*'],
      { import: 'default' },
    ),
  ),
  nav: `${KEYS}.nav`,
  heading: `${KEYS}.heading`,
  list: read(
    AdminDepositList,
    () => ({ status: 'waiting' as const }),
    (data) => data.list.map(depositItem),
  ),
  row: ticketRow,
  facts: (item) => ticketFacts(item),
  fields: (item, t) => ticketFields(item, t, `${KEYS}.field`),
  extra: Proof,
  panel: SidePanel,
  decisions: ticketDecisions({
    reject: AdminRejectDeposit,
    rejectInput: (item, reason) => ({ id: item.id, reason }),
    approve: AdminApproveDeposit,
    approveInput: (item) => ({ id: item.id }),
  }),
});
