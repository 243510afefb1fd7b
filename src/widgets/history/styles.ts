/** The stylesheet of <tk-history>; its detail drawer is styled by the shared drawer.css. */
import baseCss from './history.css?inline';

/** All widget CSS of <tk-history>. */
export const HISTORY_CSS = baseCss;
