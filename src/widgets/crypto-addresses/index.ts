/** Public surface of <tk-crypto-addresses> for React hosts: the component, its props and views. */
export { CryptoAddresses } from './crypto-addresses';
export type { CryptoAddressesProps } from './crypto-addresses';
export { deleteTargetOf } from './crypto-addresses.logic';
export type { CryptoAddressesView, DeleteTarget } from './crypto-addresses.logic';
