/** Public surface of <tk-bank-cards> for React hosts: the component, its props and views. */
export { BankCards } from './bank-cards';
export type { BankCardsProps } from './bank-cards';
export type { BankCardsView } from './bank-cards.logic';
