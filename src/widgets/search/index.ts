/** Public surface of <tk-search> for React hosts: the component and its props. */
export { Search } from './search';
export type { SearchProps } from './search';
