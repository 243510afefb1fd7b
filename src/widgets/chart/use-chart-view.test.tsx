// @vitest-environment jsdom
/** EK68: the chart's colours are read after the frame's own layout, not inside React's commit. */
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeResizeObserver, stubWidgetWidth } from '../_shared/resize-observer.fixture';
import type { Appearance } from './engine-styles';
import { useAppearance } from './use-chart-view';

let seen: Array<Appearance | null> = [];
function Probe({ theme }: { theme: 'light' | 'dark' }) {
  const root = useRef<HTMLDivElement>(null);
  seen.push(useAppearance(root, theme, []));
  return <div ref={root} style={{ color: 'red' }} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  seen = [];
});

describe('useAppearance', () => {
  it('reads the resolved colours in the first size notice (after layout), once, not in the commit', async () => {
    stubWidgetWidth(400, { later: true });
    const styles = vi.spyOn(window, 'getComputedStyle');
    const view = render(<Probe theme="dark" />);
    expect(styles).not.toHaveBeenCalled();
    expect(seen.at(-1)).toBeNull();
    await act(async () => FakeResizeObserver.resize(400));
    expect(styles).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toMatchObject({ theme: 'dark', up: '#2962ff', surface: '#ffffff' });
    // Later sizes are no colour change: the first notice's observer is gone.
    await act(async () => FakeResizeObserver.resize(300));
    expect(styles).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(FakeResizeObserver.observed()).toEqual([]);
  });

  it('reads at once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const styles = vi.spyOn(window, 'getComputedStyle');
    render(<Probe theme="light" />);
    expect(styles).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toMatchObject({ theme: 'light' });
  });
});
