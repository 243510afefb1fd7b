/**
 * The brand module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export type { SystemConfigName } from './system-configs';
export type { BrandRecord } from './store';
export { brandSplash } from './splash';
