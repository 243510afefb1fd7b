/**
 * The CSS every widget gets besides its own: theme fallbacks generated from THEME_TOKENS (so the light and
 * dark defaults are written once), the base and the shared primitives. The badge, the drawer, the toast and the
 * account strip bring their own CSS when they mount (usePartCss in widget-host.tsx).
 */
import baseCss from './base.css?inline';
import primitivesCss from './primitives.css?inline';
import { THEME_TOKENS } from './theme-tokens';

function fallbacks(theme: 'light' | 'dark'): string {
  return THEME_TOKENS.filter((token) => token[theme] !== 'inherit')
    .map((token) => `--_${token.name.slice(2)}:${token[theme]};`)
    .join('');
}

/**
 * Shared widget CSS. `--_tk-*` hold the built-in defaults that `var(--tk-…, var(--_tk-…))` falls back to;
 * the dark set applies for `theme="dark"` on the element or `data-theme="dark"` on the widget root.
 */
export const SHARED_CSS = [
  `.tk-root{${fallbacks('light')}}`,
  `.tk-root[data-theme='dark'],:host([theme='dark']) .tk-root{${fallbacks('dark')}}`,
  baseCss,
  primitivesCss,
].join('\n');

/**
 * The page's CSP nonce for the `<style>` elements widgets write (`<meta property="csp-nonce" nonce>`, Vite's
 * convention, which our pages carry with a fresh nonce per response and a partner's page may carry too);
 * undefined when the page has none. Read from the `nonce` property: browsers hide the attribute once parsed.
 */
export function styleNonce(): string | undefined {
  const meta = globalThis.document?.querySelector<HTMLMetaElement>('meta[property=csp-nonce]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}
