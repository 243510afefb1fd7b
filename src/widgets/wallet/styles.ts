/** The stylesheet of <tk-wallet>: the shared cashier.css and its own; its transfer drawer is styled by the shared drawer.css. */
import cashierCss from '../_shared/cashier.css?inline';
import baseCss from './wallet.css?inline';

/** All widget CSS of <tk-wallet>. */
export const WALLET_CSS = [cashierCss, baseCss].join('\n');
