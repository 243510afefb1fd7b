/** The filter chips of <tk-history>, apart from its logic so the element entry takes no more than these names. */

/** The filter chips in spec order; the request sends the chip's index + 1 as positionStatus. */
export const HISTORY_FILTERS = ['pending', 'position', 'deal', 'canceled', 'exception'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];
