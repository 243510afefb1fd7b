/** The stylesheet of <tk-verification>: the shared cashier.css (buttons, labels, inputs) and its own. */
import cashierCss from '../_shared/cashier.css?inline';
import baseCss from './verification.css?inline';

/** All widget CSS of <tk-verification>. */
export const VERIFICATION_CSS = [cashierCss, baseCss].join('\n');
