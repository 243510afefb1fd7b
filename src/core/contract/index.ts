export * from './codes';
export * from './envelope';
export * from './paths';
export * from './types';
export * from './auth';
export * from './trading';
export * from './endpoint';
export * from './market';
export * from './brand';
export * from './docs';
export * from './languages';
export * from './accounts';
export * from './users';
export * from './admin';
export * from './options';
export * from './notifications';
// The back office's contract (./backoffice) is imported where it is used: the host and widgets never call it.
