/** The stylesheet of <tk-crypto-addresses>; its confirm drawer is styled by the shared drawer.css. */
import baseCss from './crypto-addresses.css?inline';

/** All widget CSS of <tk-crypto-addresses>. */
export const CRYPTO_ADDRESSES_CSS = baseCss;
