/** Entry of the partners' widget configurator (`/embed`; src/embed/index.html, built by scripts/vite-embed.ts). */
import { createRoot } from 'react-dom/client';
import strings from '../core/i18n/locales/en/embed.json';
import { createI18n, matchLanguage } from '../core/i18n/i18n';
import './embed.css';
import { EmbedApp } from './app';

const asked = new URLSearchParams(window.location.search).get('lang');
const i18n = createI18n({
  language: matchLanguage(asked) ?? matchLanguage(navigator.language) ?? 'en',
  strings: {
    english: { embed: strings },
    languages: import.meta.glob(['../core/i18n/locales/*/embed.json', '!../core/i18n/locales/en/*'], {
      import: 'default',
    }),
  },
});

const root = document.getElementById('root');
// The platform the snippet points at is the one serving this page (EK3).
if (root) createRoot(root).render(<EmbedApp i18n={i18n} origin={window.location.origin} />);
