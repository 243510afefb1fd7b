import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageSingleton, pageSingletonMap } from './page-singleton';

const KEY = 'test.pageSingleton';
const MAP_KEY = 'test.pageSingletonMap';

afterEach(() => {
  pageSingleton(KEY, () => null).reset();
  pageSingleton(MAP_KEY, () => null).reset();
});

describe('pageSingleton', () => {
  it('creates the value once, on first use, with the first call’s arguments', () => {
    const create = vi.fn((origin: string) => ({ origin }));
    const single = pageSingleton(KEY, create);
    expect(single.peek()).toBeUndefined();
    const first = single.get('https://a.test');
    expect(single.get('https://b.test')).toBe(first);
    expect(first.origin).toBe('https://a.test');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('is shared by two copies of the module on one page (same key, separate helpers)', () => {
    const bundleA = pageSingleton(KEY, () => ({ from: 'a' }));
    const bundleB = pageSingleton(KEY, () => ({ from: 'b' }));
    const value = bundleA.get();
    expect(bundleB.get()).toBe(value);
    expect(value.from).toBe('a');
    expect((globalThis as unknown as Record<symbol, unknown>)[Symbol.for(`tradekit.${KEY}`)]).toBe(value);
  });

  it('takes a test value and, on reset, disposes of it and makes a fresh one next time', () => {
    const dispose = vi.fn();
    let made = 0;
    const single = pageSingleton(KEY, () => ({ n: ++made }), dispose);
    const injected = { n: 100 };
    single.set(injected);
    expect(single.get()).toBe(injected);
    single.reset();
    expect(dispose).toHaveBeenCalledWith(injected);
    expect(single.peek()).toBeUndefined();
    expect(single.get()).toEqual({ n: 1 });
    single.reset();
    single.reset();
    expect(dispose).toHaveBeenCalledTimes(2);
  });
});

describe('pageSingletonMap', () => {
  it('keeps one value per owner, shared across copies of the module', () => {
    const create = vi.fn((owner: { id: string }) => ({ of: owner.id }));
    const a = { id: 'a' };
    const b = { id: 'b' };
    const values = pageSingletonMap(MAP_KEY, create);
    const other = pageSingletonMap(MAP_KEY, (owner: { id: string }) => ({ of: `other ${owner.id}` }));
    expect(values.peek(a)).toBeUndefined();
    expect(values.get(a)).toEqual({ of: 'a' });
    expect(other.get(a)).toBe(values.get(a));
    expect(values.get(b)).toEqual({ of: 'b' });
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('resets one owner only, disposing of its value', () => {
    const dispose = vi.fn();
    const values = pageSingletonMap(MAP_KEY, (owner: { id: string }) => ({ of: owner.id }), dispose);
    const a = { id: 'a' };
    const b = { id: 'b' };
    const valueA = values.get(a);
    const valueB = values.get(b);
    values.reset(a);
    expect(dispose).toHaveBeenCalledExactlyOnceWith(valueA);
    expect(values.peek(a)).toBeUndefined();
    expect(values.peek(b)).toBe(valueB);
    values.reset(a);
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('serves a value set by a test harness instead of creating one', () => {
    const create = vi.fn((owner: { id: string }) => ({ of: owner.id }));
    const values = pageSingletonMap(MAP_KEY, create);
    const a = { id: 'a' };
    const fake = { of: 'fake' };
    values.set(a, fake);
    expect(values.get(a)).toBe(fake);
    expect(create).not.toHaveBeenCalled();
  });
});
