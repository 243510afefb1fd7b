/** The stylesheet of <tk-withdraw>; its drawer is styled by the shared drawer.css. */
import baseCss from './withdraw.css?inline';

/** All widget CSS of <tk-withdraw>. */
export const WITHDRAW_CSS = baseCss;
