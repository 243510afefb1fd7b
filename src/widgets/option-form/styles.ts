/** The stylesheet of <tk-option-form>: what the two order forms share, then its own. */
import tradeFormCss from '../_shared/trade-form.css?inline';
import ownCss from './option-form.css?inline';

/** All widget CSS of <tk-option-form>. */
export const OPTION_FORM_CSS = [tradeFormCss, ownCss].join('\n');
