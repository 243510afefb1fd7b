/** Public surface of <tk-auth> for React hosts: the component and its props. */
export { Auth } from './auth';
export type { AuthProps } from './auth';
