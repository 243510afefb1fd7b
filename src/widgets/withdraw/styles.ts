/** The stylesheet of <tk-withdraw>: the shared cashier.css and its own; its drawer is styled by the shared drawer.css. */
import cashierCss from '../_shared/cashier.css?inline';
import baseCss from './withdraw.css?inline';

/** All widget CSS of <tk-withdraw>. */
export const WITHDRAW_CSS = [cashierCss, baseCss].join('\n');
