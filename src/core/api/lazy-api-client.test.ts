import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, CallResult } from '../runtime/types';
import { adHocEndpoint } from './ad-hoc-endpoint.fixture';
import { createLazyApiClient } from './lazy-api-client';

type Failure = CallResult<unknown> & { ok: false };
const FAILURE: Failure = { ok: false, code: 'network', message: 'The network is abnormal' };

/** A client whose calls fail with FAILURE and tell its error listeners, like the real client. */
function failingClient() {
  const listeners = new Set<(message: string, result: Failure) => void>();
  const client: ApiClient = {
    call: vi.fn(async () => {
      for (const listener of listeners) listener(FAILURE.message, FAILURE);
      return FAILURE;
    }) as ApiClient['call'],
    onError(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return client;
}

describe('createLazyApiClient', () => {
  const ping = adHocEndpoint('api', 'ping');

  it('loads the client once, at once, and forwards every call with its input and options', async () => {
    const client = failingClient();
    const load = vi.fn(async () => client);
    const api = createLazyApiClient(load);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(api.call(ping, { a: 1 } as never, { silent: true })).resolves.toBe(FAILURE);
    await api.call(ping, {} as never);
    expect(load).toHaveBeenCalledTimes(1);
    expect(client.call).toHaveBeenNthCalledWith(1, ping, { a: 1 }, { silent: true });
    expect(client.call).toHaveBeenNthCalledWith(2, ping, {}, undefined);
  });

  it('tells error listeners added before the client loaded, each once, until they unsubscribe', async () => {
    let resolve!: (client: ApiClient) => void;
    const api = createLazyApiClient(() => new Promise((r) => (resolve = r)));
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = api.onError(first);
    api.onError(second);
    const pending = api.call(ping, {} as never);
    resolve(failingClient());
    await pending;
    expect(first).toHaveBeenCalledWith(FAILURE.message, FAILURE);
    expect(second).toHaveBeenCalledTimes(1);
    offFirst();
    await api.call(ping, {} as never);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('a listener that throws does not keep the others from hearing the failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createLazyApiClient(async () => failingClient());
    const other = vi.fn();
    api.onError(() => {
      throw new Error('broken toast');
    });
    api.onError(other);
    await api.call(ping, {} as never);
    expect(other).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
