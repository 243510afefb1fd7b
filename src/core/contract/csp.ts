/**
 * The text the build writes into each page's HTML (Vite `html.cspNonce`: the `nonce` of its script, link and
 * style tags and of `<meta property="csp-nonce">`), which the server replaces with a fresh nonce per response
 * and names in the page's Content-Security-Policy. Letters only, so no HTML or CSS escaping can change it.
 */
export const CSP_NONCE_PLACEHOLDER = 'TkCspNoncePlaceholder';
