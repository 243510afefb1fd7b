/** Public surface of <tk-withdraw> for React hosts: the component and its props. */
export { Withdraw } from './withdraw';
export type { WithdrawProps } from './withdraw';
