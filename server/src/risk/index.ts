/**
 * The risk module's entry: what other modules may use of it (the figure's computation, for a back-office
 * report). The app registers its plugin from `plugin.ts`.
 */
export type { RiskFigures } from './service';
export { lossPercent, tallyLossShares, windowStart, type BrandTally } from './figure';
