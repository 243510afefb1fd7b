/** The stylesheet of <tk-support>: the shared cashier.css (buttons, inputs) and its own. */
import cashierCss from '../_shared/cashier.css?inline';
import baseCss from './support.css?inline';

/** All widget CSS of <tk-support>. */
export const SUPPORT_CSS = [cashierCss, baseCss].join('\n');
