/** Public surface of <tk-wallet> for React hosts: the component and its props. */
export { Wallet } from './wallet';
export type { WalletProps } from './wallet';
export { parseView as parseWalletView, type WalletView } from './wallet.logic';
