/** The tabs of <tk-positions>, apart from its logic so the element entry takes no more than these names. */

/** The two lists of the position page (spec §2). */
export const POSITION_TABS = ['open', 'pending'] as const;
export type PositionTab = (typeof POSITION_TABS)[number];
