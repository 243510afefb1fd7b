// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLatestCallback } from './use-latest-callback';

afterEach(cleanup);

function Probe(props: { value: number; seen: Array<() => number> }) {
  const read = useLatestCallback(() => props.value);
  props.seen.push(read);
  return null;
}

describe('useLatestCallback', () => {
  it('keeps one identity across renders and calls the latest callback', () => {
    const seen: Array<() => number> = [];
    const { rerender } = render(<Probe value={1} seen={seen} />);
    expect(seen.at(-1)!()).toBe(1);
    act(() => rerender(<Probe value={2} seen={seen} />));
    expect(seen[0]).toBe(seen.at(-1));
    expect(seen.at(-1)!()).toBe(2);
  });
});
