/**
 * Public surface of <tk-account> for React hosts: the component, its props, views and outputs, the host
 * path each view navigates to, and the account rules a host's own top bar shows (balances, switches).
 */
export { Account } from './account';
export type { AccountProps } from './account';
export { ACCOUNT_VIEWS, VIEW_PATHS, balanceFigures, isConfigOn } from './account.logic';
export type { AccountView } from './account.logic';
export type { PreferencesDetail } from './outputs';
