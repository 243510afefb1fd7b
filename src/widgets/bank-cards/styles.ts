/** The stylesheet of <tk-bank-cards>: the shared saved list and its own; its confirm drawer is styled by the shared drawer.css. */
import savedListCss from '../_shared/saved-list.css?inline';
import baseCss from './bank-cards.css?inline';

/** All widget CSS of <tk-bank-cards>. */
export const BANK_CARDS_CSS = [savedListCss, baseCss].join('\n');
