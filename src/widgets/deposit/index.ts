/** Public surface of <tk-deposit> for React hosts: the component, its props and the draft rule of the agreement page. */
export { Deposit } from './deposit';
export type { DepositProps } from './deposit';
export { clearDraft, keepsDraft, sessionStore, DEPOSIT_PATH, DRAFT_KEY } from './deposit.logic';
