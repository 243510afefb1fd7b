import type { Figure } from './bench-results.mjs';

/** Per benchmark file: the JSON line it printed → its rows of the bench table. */
export const FIGURES: Record<string, (result: never) => Figure[]>;
