export * from './codes';
export * from './envelope';
export * from './paths';
export * from './types';
export * from './auth';
export * from './trading';
