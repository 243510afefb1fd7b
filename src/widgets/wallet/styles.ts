/** The stylesheet of <tk-wallet>; its transfer drawer is styled by the shared drawer.css. */
import baseCss from './wallet.css?inline';

/** All widget CSS of <tk-wallet>. */
export const WALLET_CSS = baseCss;
