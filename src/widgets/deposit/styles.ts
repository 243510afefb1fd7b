/** The stylesheet of <tk-deposit>: the shared cashier.css and its own. */
import cashierCss from '../_shared/cashier.css?inline';
import baseCss from './deposit.css?inline';

/** All widget CSS of <tk-deposit>. */
export const DEPOSIT_CSS = [cashierCss, baseCss].join('\n');
