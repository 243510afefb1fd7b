/** Public surface of <tk-positions> for React hosts: the component and its props. */
export { Positions } from './positions';
export type { PositionsProps } from './positions';
