/** The stylesheet of <tk-loan>: the shared cashier.css and its own. */
import cashierCss from '../_shared/cashier.css?inline';
import baseCss from './loan.css?inline';

/** All widget CSS of <tk-loan>. */
export const LOAN_CSS = [cashierCss, baseCss].join('\n');
