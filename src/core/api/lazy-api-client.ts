/**
 * The page's API client as the first paint holds it: `call` and `onError` now, the client itself (transport,
 * envelope and code handling, the code catalogue) from its own chunk. The platform asks for that chunk when it
 * is created, in parallel with /config.json, and every call waits for the config anyway, so no call starts
 * later than it did with the client in the first paint.
 */
import type { ApiClient, CallResult } from '../runtime/types';

type ErrorListener = (message: string, result: CallResult<unknown> & { ok: false }) => void;

/** An ApiClient that forwards to the client `load` resolves to; `load` runs once, right away. */
export function createLazyApiClient(load: () => Promise<ApiClient>): ApiClient {
  const listeners = new Set<ErrorListener>();
  const client = load().then((loaded) => {
    loaded.onError((message, result) => {
      for (const listener of [...listeners]) {
        try {
          listener(message, result);
        } catch (error) {
          console.error('[tradekit] api error listener failed', error);
        }
      }
    });
    return loaded;
  });
  return {
    call: (endpoint, input, options) => client.then((loaded) => loaded.call(endpoint, input, options)),
    onError(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
