import { describe, expect, it, vi } from 'vitest';
import type { FeedState, MarketFeed } from '../runtime/types';
import { createLazyMarketFeed } from './lazy-market-feed';

const IDLE: FeedState = { status: 'idle', attempt: 0, connectionLost: false, lastMessageAt: null };

/** A feed that records what it is asked and lets the test change its state and deliver messages. */
function recordingFeed() {
  let state = IDLE;
  const stateListeners = new Set<(s: FeedState) => void>();
  const subs = new Map<string, Set<(body: unknown) => void>>();
  const feed = {
    subscribe: vi.fn((destination: string, listener: (body: unknown) => void) => {
      const set = subs.get(destination) ?? new Set();
      subs.set(destination, set);
      set.add(listener);
      return () => set.delete(listener);
    }),
    getState: () => state,
    onState(listener: (s: FeedState) => void) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    start: vi.fn(),
    retry: vi.fn(),
    close: vi.fn(),
  } satisfies MarketFeed;
  return {
    feed,
    setState(next: Partial<FeedState>) {
      state = { ...state, ...next };
      for (const listener of stateListeners) listener(state);
    },
    deliver(destination: string, body: unknown) {
      for (const listener of subs.get(destination) ?? []) listener(body);
    },
  };
}

/** A lazy feed whose load the test releases. */
function deferred() {
  const inner = recordingFeed();
  let release!: () => void;
  const loaded = new Promise<MarketFeed>((resolve) => (release = () => resolve(inner.feed)));
  const load = vi.fn(() => loaded);
  const lazy = createLazyMarketFeed(load);
  return { inner, lazy, load, release: async () => (release(), await loaded, await Promise.resolve()) };
}

describe('createLazyMarketFeed', () => {
  it('is idle until the feed is there, then keeps the subscriptions made meanwhile', async () => {
    const { inner, lazy, load, release } = deferred();
    expect(load).toHaveBeenCalledTimes(1);
    const prices = vi.fn();
    const dropped = vi.fn();
    lazy.subscribe('/topic/prices', prices);
    const releaseDropped = lazy.subscribe('/topic/other', dropped);
    releaseDropped();
    expect(lazy.getState()).toEqual(IDLE);
    await release();
    expect(inner.feed.subscribe).toHaveBeenCalledTimes(1);
    expect(inner.feed.subscribe).toHaveBeenCalledWith('/topic/prices', prices);
    inner.deliver('/topic/prices', [1]);
    inner.deliver('/topic/other', [2]);
    expect(prices).toHaveBeenCalledWith([1]);
    expect(dropped).not.toHaveBeenCalled();
  });

  it('releases a kept subscription on the feed, and subscribes directly once it is there', async () => {
    const { inner, lazy, release } = deferred();
    const early = vi.fn();
    const releaseEarly = lazy.subscribe('/topic/prices', early);
    await release();
    releaseEarly();
    const late = vi.fn();
    lazy.subscribe('/topic/prices', late);
    inner.deliver('/topic/prices', 'tick');
    expect(early).not.toHaveBeenCalled();
    expect(late).toHaveBeenCalledWith('tick');
  });

  it("passes on the feed's state and its changes to listeners added before it loaded", async () => {
    const { inner, lazy, release } = deferred();
    const heard: FeedState[] = [];
    const off = lazy.onState((s) => heard.push(s));
    await release();
    inner.setState({ status: 'connecting' });
    expect(lazy.getState().status).toBe('connecting');
    off();
    inner.setState({ status: 'open' });
    expect(heard.map((s) => s.status)).toEqual(['connecting']);
  });

  it('applies a start or retry asked for before the feed loaded as a start', async () => {
    const started = deferred();
    started.lazy.start();
    await started.release();
    expect(started.inner.feed.start).toHaveBeenCalledTimes(1);
    started.lazy.retry();
    expect(started.inner.feed.retry).toHaveBeenCalledTimes(1);

    const retried = deferred();
    retried.lazy.retry();
    await retried.release();
    expect(retried.inner.feed.start).toHaveBeenCalledTimes(1);
    expect(retried.inner.feed.retry).not.toHaveBeenCalled();
  });

  it('closed before the feed loaded: closes it on arrival, without subscribing or starting', async () => {
    const { inner, lazy, release } = deferred();
    lazy.subscribe('/topic/prices', vi.fn());
    lazy.start();
    lazy.close();
    await release();
    expect(inner.feed.close).toHaveBeenCalledTimes(1);
    expect(inner.feed.subscribe).not.toHaveBeenCalled();
    expect(inner.feed.start).not.toHaveBeenCalled();
  });

  it('stays idle when the feed cannot load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lazy = createLazyMarketFeed(() => Promise.reject(new Error('chunk failed')));
    lazy.subscribe('/topic/prices', vi.fn());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lazy.getState()).toEqual(IDLE);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
