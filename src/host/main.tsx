/** Host entry: page-level tokens and styles, then the app on the page's one platform. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { narrowLookups } from '../core/i18n/narrow-lookups';
import { getPlatform } from '../core/runtime/platform';
import '../widgets/_shared/tokens.css';
import { App } from './app';
import { PrefKey, readChoice } from './prefs';
import { applyTheme } from './startup/brand';
import { splashTheme } from './startup/loading-screen';
import { startServiceWorker } from './startup/service-worker';
import './host.css';

const root = document.getElementById('root');
// Apply a stored theme (else the brand's, which the server's loading screen carries: EK33) before the config
// arrives, so a dark-theme visitor never sees a light flash.
const stored = readChoice(PrefKey.theme, ['light', 'dark', ''], '');
const first = stored || (root && splashTheme(root));
if (first) applyTheme(first);

if (root) {
  const platform = getPlatform();
  // The host adds about 30 namespaces: each key is looked for in the few whose tree has its first part (EK37).
  narrowLookups(platform.i18n);
  createRoot(root).render(
    <StrictMode>
      <App platform={platform} />
    </StrictMode>,
  );
  void startServiceWorker(platform.i18n);
}
