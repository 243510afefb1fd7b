/** Public surface of <tk-quotes> for React hosts: the component and its props (internals stay private). */
export { Quotes } from './quotes';
export type { QuotesProps } from './quotes';
