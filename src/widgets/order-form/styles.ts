/** The stylesheet of <tk-order-form>: what the two order forms share, then its own. */
import tradeFormCss from '../_shared/trade-form.css?inline';
import ownCss from './order-form.css?inline';

/** All widget CSS of <tk-order-form>. */
export const ORDER_FORM_CSS = [tradeFormCss, ownCss].join('\n');
