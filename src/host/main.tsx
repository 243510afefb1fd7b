/** Host entry: page-level tokens and styles, then the app on the page's one platform. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { narrowLookups } from '../core/i18n/narrow-lookups';
import { getPlatform } from '../core/runtime/platform';
import '../widgets/_shared/tokens.css';
import { App } from './app';
import { PrefKey, readChoice } from './prefs';
import { applyTheme } from './startup/brand';
import { nextTask } from '../core/runtime/next-task';
import { splashTheme } from './startup/loading-screen';
import { renderBackgroundWritesInSlices } from './startup/background-writes';
import { startServiceWorker } from './startup/service-worker';
import { prepareTimesFor } from './startup/time-format';
import { isDesktopViewport } from './shells/desktop-loader';
import './host.css';

const root = document.getElementById('root');
// Apply a stored theme (else the brand's, which the server's loading screen carries: EK33) before the config
// arrives, so a dark-theme visitor never sees a light flash.
const stored = readChoice(PrefKey.theme, ['light', 'dark', ''], '');
const first = stored || (root && splashTheme(root));
if (first) applyTheme(first);

/**
 * Three tasks instead of one long one (EK42): the bundle's own start, the platform (i18n, the config's fetch, the
 * feeds), and React's root, whose first render is a transition that React renders in slices, yielding to the
 * browser between them, instead of one task for the whole tree. A function, not top-level awaits: a module that
 * awaits at its top is split off by the bundler, and the page then asks for four more scripts before it shows.
 */
async function start(element: HTMLElement): Promise<void> {
  await nextTask();
  renderBackgroundWritesInSlices();
  const platform = getPlatform();
  // The host adds about 30 namespaces: each key is looked for in the few whose tree has its first part (EK37).
  narrowLookups(platform.i18n);
  await nextTask();
  const reactRoot = createRoot(element);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App platform={platform} />
      </StrictMode>,
    ),
  );
  void startServiceWorker(platform.i18n);
  // A first page that formats times (the chart's header) gets ICU started now, in a task of its own (EK50).
  void prepareTimesFor(window.location.pathname, isDesktopViewport());
}

if (root) void start(root);
