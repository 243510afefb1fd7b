/** The stylesheet of <tk-crypto-addresses>: the shared saved list and its own; its confirm drawer is styled by the shared drawer.css. */
import savedListCss from '../_shared/saved-list.css?inline';
import baseCss from './crypto-addresses.css?inline';

/** All widget CSS of <tk-crypto-addresses>. */
export const CRYPTO_ADDRESSES_CSS = [savedListCss, baseCss].join('\n');
