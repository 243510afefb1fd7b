/** Public surface of <tk-support> for React hosts: the component and its props. */
export { Support } from './support';
export type { SupportProps } from './support';
