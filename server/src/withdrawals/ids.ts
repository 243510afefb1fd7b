/** The numbers and names a withdrawal is filed under: its ticket number, its house account, its ledger kinds. */
import { randomInt } from 'node:crypto';

/** House account holding submitted withdrawals until an operator decides them. */
export const PENDING_HOUSE = 'house_withdraw_pending';

/** Ledger kinds of the three movements of a withdrawal. */
export const LedgerKind = {
  hold: 'withdraw_hold',
  payout: 'withdraw_payout',
  refund: 'withdraw_refund',
} as const;

/** The ledger reference of a ticket's movements. */
export const ledgerRef = (uid: string) => `withdrawal:${uid}`;

/** A new ticket number: `W` + UTC time to the second + 6 random digits. */
export function ticketUid(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `W${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
