/** The stylesheet of <tk-deposit>. */
import baseCss from './deposit.css?inline';

/** All widget CSS of <tk-deposit>. */
export const DEPOSIT_CSS = baseCss;
