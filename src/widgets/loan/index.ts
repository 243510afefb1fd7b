/** Public surface of <tk-loan> for React hosts: the component and its props. */
export { Loan } from './loan';
export type { LoanProps } from './loan';
