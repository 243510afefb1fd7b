// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChanges } from './use-changes';

describe('useChanges', () => {
  it('counts moves between known values only: not the first known value, nor becoming unknown', () => {
    const known = (value: string | null) => value !== null;
    const { result, rerender } = renderHook(({ value }) => useChanges(value, known), {
      initialProps: { value: null as string | null },
    });
    const counts = [null, '100.00', '100.00', '99.00', null, '98.00', '97.00'].map((value) => {
      rerender({ value });
      return result.current;
    });
    expect(counts).toEqual([0, 0, 0, 1, 1, 1, 2]);
  });
});
