/**
 * The text the build writes into each page's HTML (Vite `html.cspNonce`: the `nonce` of its script, link and
 * style tags and of `<meta property="csp-nonce">`), which the server replaces with a fresh nonce per response
 * and names in the page's Content-Security-Policy. Letters only, so no HTML or CSS escaping can change it.
 */
export const CSP_NONCE_PLACEHOLDER = 'TkCspNoncePlaceholder';

/**
 * The comment the host's `index.html` holds in its `#root`, which the server replaces with the brand's loading
 * screen (its box and spinner on the brand's theme, EK33) per response, so the page shows it before any script
 * has run.
 */
export const SPLASH_PLACEHOLDER = '<!--tk-splash-->';
