/**
 * Registers the host's service worker (`/sw.js`, src/sw: pushes while the app is closed, the offline page) once
 * the page has loaded, so it never competes with the first paint, and tells it the page's language whenever it
 * changes (the offline page speaks it). Browsers without service workers, or pages not in a secure context, go
 * without: nothing of the trading depends on it.
 */
import { loadLanguage, requestedLanguage, type I18n } from '../../core/i18n/i18n';

/** The worker's script: at the root, so that it may control every page of the site. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * The instance's event (i18next's own emitter) when the host asks for a language, before its files arrive:
 * `languageChanged` comes only once they have, and a page left before then (or gone offline) never says it.
 */
const LANGUAGE_REQUESTED = 'tk:languageRequested';

/**
 * The host's way to switch language ({@link loadLanguage}, which it returns), saying at once which language it
 * asked for. Here, not in the shared i18n core, so that the widgets' first paint carries none of it.
 */
export function requestLanguage(i18n: I18n, language: string): Promise<void> {
  const loading = loadLanguage(i18n, language);
  i18n.emit(LANGUAGE_REQUESTED, requestedLanguage(i18n));
  return loading;
}

/** Resolves once the worker listens for the page's language (never, where there is no worker to tell). */
export function startServiceWorker(i18n: I18n): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext)
    return new Promise(() => undefined);
  return new Promise((listening) => {
    const register = () => {
      navigator.serviceWorker
        .register(SERVICE_WORKER_URL, { scope: '/' })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          const tell = (language: string) => registration.active?.postMessage({ type: 'language', language });
          // Never `i18n.language` while nothing is chosen: English shows while the page's language loads, and
          // until the host's config comes nothing is chosen at all (it may come after the load event). A page
          // left or gone offline then would leave the worker speaking English. So the worker hears a language
          // when it is requested, before its files arrive, and then each change; a page that chose none says
          // nothing.
          const chosen = requestedLanguage(i18n);
          if (chosen) tell(chosen);
          i18n.on(LANGUAGE_REQUESTED, tell);
          i18n.on('languageChanged', tell);
          listening();
        })
        .catch(() => undefined);
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  });
}
