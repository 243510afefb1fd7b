/** The stylesheet of <tk-bank-cards>; its confirm drawer is styled by the shared drawer.css. */
import baseCss from './bank-cards.css?inline';

/** All widget CSS of <tk-bank-cards>. */
export const BANK_CARDS_CSS = baseCss;
