/**
 * The host's service worker (issue #25), served as `/sw.js` for the whole site: it shows the pushes the server
 * sends (webpush/ on the server: a notification's title and body, already in the trader's language) while no page
 * of the site is open, opens the page a click names, and answers a navigation the network cannot with an offline
 * page in the page's language. It caches nothing else: prices and balances must never come from a stale copy.
 */
import de from '../core/i18n/locales/de/offline.json';
import en from '../core/i18n/locales/en/offline.json';
import es from '../core/i18n/locales/es/offline.json';
import fr from '../core/i18n/locales/fr/offline.json';
import id from '../core/i18n/locales/id/offline.json';
import it from '../core/i18n/locales/it/offline.json';
import ja from '../core/i18n/locales/ja/offline.json';
import ko from '../core/i18n/locales/ko/offline.json';
import th from '../core/i18n/locales/th/offline.json';
import vi from '../core/i18n/locales/vi/offline.json';
import zhCn from '../core/i18n/locales/zh-cn/offline.json';
import zhTw from '../core/i18n/locales/zh-tw/offline.json';
import { offlinePage, pushNotification, type OfflineStrings } from './sw-logic';

/** What this worker uses of its global scope (the DOM library types the rest of the code base). */
interface WorkerScope {
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
  };
  clients: {
    claim(): Promise<void>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<Array<{ url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> }>>;
    openWindow(url: string): Promise<unknown>;
  };
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: never) => void): void;
}
interface ExtendableEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: { close(): void; data: unknown };
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEvent extends ExtendableEvent {
  data: unknown;
}

const scope = self as unknown as WorkerScope;
const STRINGS: Record<string, OfflineStrings> = {
  en: en.offline,
  'zh-tw': zhTw.offline,
  'zh-cn': zhCn.offline,
  ja: ja.offline,
  de: de.offline,
  fr: fr.offline,
  it: it.offline,
  ko: ko.offline,
  es: es.offline,
  vi: vi.offline,
  th: th.offline,
  id: id.offline,
};

/** Where the page's language is remembered (the page tells the worker; nothing else is cached). */
const META_CACHE = 'tk-meta';
const LANGUAGE_KEY = '/__tk/language';

scope.addEventListener('install', () => void scope.skipWaiting());
scope.addEventListener('activate', (event: ExtendableEvent) => event.waitUntil(scope.clients.claim()));

// The page says which language it shows, so that the offline page speaks it too. Writes go one after another:
// two messages in a row (the language at start, then the one the page switched to) must end with the last one,
// and two `cache.put`s started together may finish in either order.
let languageWrites: Promise<unknown> = Promise.resolve();
scope.addEventListener('message', (event: MessageEvent) => {
  const data = event.data as { type?: unknown; language?: unknown } | null;
  if (data?.type !== 'language' || typeof data.language !== 'string' || !(data.language in STRINGS)) return;
  const language = data.language;
  languageWrites = languageWrites
    .then(() => caches.open(META_CACHE))
    .then((cache) => cache.put(LANGUAGE_KEY, new Response(language)))
    .catch(() => undefined);
  event.waitUntil(languageWrites);
});

scope.addEventListener('push', (event: PushEvent) => {
  const shown = pushNotification(event.data?.text() ?? null);
  if (!shown) return;
  event.waitUntil(scope.registration.showNotification(shown.title, shown.options));
});

scope.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: string };
  const target = new URL(url ?? '/', scope.location.origin);
  // Only pages of this site: a push can name a path, never another origin.
  if (target.origin !== scope.location.origin) return;
  event.waitUntil(
    scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0];
      if (!open) return scope.clients.openWindow(target.href);
      await open.navigate(target.href);
      return open.focus();
    }),
  );
});

async function languageOf(): Promise<string> {
  const stored = await (await caches.open(META_CACHE)).match(LANGUAGE_KEY);
  return stored ? await stored.text() : 'en';
}

// Navigations only: a failed API call or script must fail as it does without a worker.
scope.addEventListener('fetch', (event: FetchEvent) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    fetch(event.request).catch(async () => {
      const language = await languageOf();
      return offlinePage(language, STRINGS[language] ?? STRINGS.en!);
    }),
  );
});
