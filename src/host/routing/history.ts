/** The browser location as an external store over the History API (the host's own small router). */

type Listener = () => void;

const listeners = new Set<Listener>();
let popListening = false;

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** Current pathname plus query, e.g. `/quotation?singleTrade=3`. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** Subscribes to location changes (navigate and back/forward); returns unsubscribe. */
export function subscribeLocation(listener: Listener): () => void {
  if (!popListening) {
    window.addEventListener('popstate', notify);
    popListening = true;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface NavigateOptions {
  /** Replace the current history entry instead of pushing (redirects). */
  replace?: boolean;
}

/** How many in-app pages lie behind the current entry (kept in the entry's state). */
function depth(): number {
  const value = (window.history.state as { tkDepth?: unknown } | null)?.tkDepth;
  return typeof value === 'number' ? value : 0;
}

/** Goes to an in-app path without reloading; a push to a new page starts at the top. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  if (to === currentPath()) return;
  if (options.replace) {
    window.history.replaceState({ tkDepth: depth() }, '', to);
  } else {
    window.history.pushState({ tkDepth: depth() + 1 }, '', to);
    window.scrollTo(0, 0);
  }
  notify();
}

/** Back to the previous in-app page; home when the page was opened directly (a link from elsewhere). */
export function goBack(): void {
  if (depth() > 0) window.history.back();
  else navigate('/', { replace: true });
}
