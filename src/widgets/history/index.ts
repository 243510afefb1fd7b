/** Public surface of <tk-history> for React hosts: the component and its props. */
export { History } from './history';
export type { HistoryProps } from './history';
export { OrderDetail } from './order-detail';
export type { OrderDetailProps } from './order-detail';
