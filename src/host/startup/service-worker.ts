/**
 * Registers the host's service worker (`/sw.js`, src/sw: pushes while the app is closed, the offline page) once
 * the page has loaded, so it never competes with the first paint, and tells it the page's language whenever it
 * changes (the offline page speaks it). Browsers without service workers, or pages not in a secure context, go
 * without: nothing of the trading depends on it.
 */
import { intendedLanguage, type I18n } from '../../core/i18n/i18n';

/** The worker's script: at the root, so that it may control every page of the site. */
export const SERVICE_WORKER_URL = '/sw.js';

export function startServiceWorker(i18n: I18n): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const tell = (language: string) => registration.active?.postMessage({ type: 'language', language });
        // Not `i18n.language`: English shows while the page's language loads, and a page left before that
        // load ends would leave the worker speaking English.
        tell(intendedLanguage(i18n));
        i18n.on('languageChanged', tell);
      })
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
