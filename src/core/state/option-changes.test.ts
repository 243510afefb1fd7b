import { describe, expect, it, vi } from 'vitest';
import type { Platform } from '../runtime/types';
import { announceOptionsChanged, onOptionsChanged } from './option-changes';

const platform = () => ({}) as Platform;

describe('announceOptionsChanged', () => {
  it('reaches the listeners of the same platform only, until they unsubscribe', () => {
    const a = platform();
    const b = platform();
    const heardA = vi.fn();
    const heardB = vi.fn();
    const stopA = onOptionsChanged(a, heardA);
    onOptionsChanged(b, heardB);
    announceOptionsChanged(a);
    expect(heardA).toHaveBeenCalledTimes(1);
    expect(heardB).not.toHaveBeenCalled();
    stopA();
    announceOptionsChanged(a);
    expect(heardA).toHaveBeenCalledTimes(1);
  });

  it('lets a listener unsubscribe while it is being called', () => {
    const a = platform();
    const second = vi.fn();
    const stop = onOptionsChanged(a, () => stop());
    onOptionsChanged(a, second);
    announceOptionsChanged(a);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
