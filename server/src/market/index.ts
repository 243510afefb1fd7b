/**
 * The market module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export { INSTRUMENTS } from './instruments';
export type { Instrument } from './instruments';
export type { PriceSource, Tick } from './price-source';
export { brandCategories, instrumentFinder } from './routes';
export { ALWAYS_OPEN, FOREX_HOURS } from './sessions';
export { listProducts } from './instrument-repo';
export { holdTickJob, type TickJob } from './tick-lease';
