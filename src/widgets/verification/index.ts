/** Public surface of <tk-verification> for React hosts: the component, its props and its paths. */
export { Verification } from './verification';
export type { VerificationProps } from './verification';
export { VERIFICATION_PATHS, LEVEL_FLAGS } from './verification.logic';
