/** Entry of the back-office site (`/backoffice`; src/backoffice/index.html, built by scripts/vite-backoffice.ts). */
import { createRoot } from 'react-dom/client';
import strings from '../core/i18n/locales/en/backoffice.json';
import { createI18n, matchLanguage } from '../core/i18n/i18n';
import { SHARED_CSS, styleNonce } from '../widgets/_shared/styles';
import tabsCss from '../widgets/_shared/tabs.css?inline';
import '../widgets/_shared/tokens.css';
import './backoffice.css';
import { BackofficeApp } from './app';
import { applyTheme, readTheme } from './theme';

// Before the first paint: a dark-theme operator never sees a light flash.
applyTheme(readTheme());

const style = document.createElement('style');
// The top bar's sections use the widgets' tab look; tabs.css is no longer part of SHARED_CSS.
style.textContent = `${SHARED_CSS}\n${tabsCss}`;
// The page's policy admits inline style elements only with its nonce.
style.nonce = styleNonce() ?? '';
document.head.prepend(style);

const asked = new URLSearchParams(window.location.search).get('lang');
const i18n = createI18n({
  language: matchLanguage(asked) ?? matchLanguage(navigator.language) ?? 'en',
  strings: {
    english: { backoffice: strings },
    languages: import.meta.glob(['../core/i18n/locales/*/backoffice.json', '!../core/i18n/locales/en/*'], {
      import: 'default',
    }),
  },
});
document.title = i18n.t('backoffice.title');

const root = document.getElementById('root');
if (root) createRoot(root).render(<BackofficeApp i18n={i18n} />);
