/** Host entry: page-level tokens and styles, then the app on the page's one platform. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getPlatform } from '../core/runtime/platform';
import '../widgets/_shared/tokens.css';
import { App } from './app';
import { PrefKey, readChoice } from './prefs';
import { applyTheme } from './startup/brand';
import { startServiceWorker } from './startup/service-worker';
import './host.css';

// Apply a stored theme before the config arrives, so a dark-theme visitor never sees a light flash.
const stored = readChoice(PrefKey.theme, ['light', 'dark', ''], '');
if (stored) applyTheme(stored);

const root = document.getElementById('root');
if (root) {
  const platform = getPlatform();
  createRoot(root).render(
    <StrictMode>
      <App platform={platform} />
    </StrictMode>,
  );
  void startServiceWorker(platform.i18n);
}
