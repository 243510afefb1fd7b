// @vitest-environment jsdom
// Issue #26 item 11: each chart toolbar is one Tab stop, with the arrow keys inside (roving tabindex).
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Translate } from '../_shared/use-t';
import { ChartToolbar } from './chart-toolbar';
import type { ChartToolbarProps } from './chart-toolbar';
import { DrawingBar } from './drawing-bar';
import { DRAWING_TOOLS } from './chart.logic';

afterEach(cleanup);

const t: Translate = (key) => key;
const noop = () => undefined;

const toolbarProps: ChartToolbarProps = {
  period: '1min',
  candleType: 'candle_solid',
  theme: 'light',
  scheme: 'brand',
  brandColors: { up: '#2962ff', down: '#d32f2f' },
  fullscreen: false,
  indicatorsOpen: false,
  ready: true,
  selectors: true,
  t,
  onPeriod: noop,
  onCandleType: noop,
  onIndicators: noop,
  onAction: noop,
  onScheme: noop,
};

/** The controls of a toolbar a Tab reaches (tabindex 0), and all its enabled ones. */
function stops(toolbar: HTMLElement) {
  const enabled = [...toolbar.querySelectorAll<HTMLElement>('button:not(:disabled), select')];
  return { tabbable: enabled.filter((el) => el.tabIndex === 0), enabled };
}

describe.each([
  ['the view toolbar', () => render(<ChartToolbar {...toolbarProps} />)],
  [
    'the drawing tools',
    () =>
      render(<DrawingBar selected ready t={t} onDraw={noop} onDeleteSelected={noop} onDeleteAll={noop} />),
  ],
])('%s', (_, show) => {
  it('is a single Tab stop, the first control', () => {
    show();
    const toolbar = document.querySelector<HTMLElement>('[role="toolbar"]')!;
    const { tabbable, enabled } = stops(toolbar);
    expect(enabled.length).toBeGreaterThan(5);
    expect(tabbable).toEqual([enabled[0]]);
  });

  it('moves with the arrow keys, Home and End, wrapping at the ends, and Tab returns to the last used', () => {
    show();
    const toolbar = document.querySelector<HTMLElement>('[role="toolbar"]')!;
    const { enabled } = stops(toolbar);
    const last = enabled.length - 1;
    enabled[0]!.focus();
    fireEvent.keyDown(enabled[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(enabled[1]);
    fireEvent.keyDown(enabled[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(enabled[2]);
    fireEvent.keyDown(enabled[2]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(enabled[1]);
    fireEvent.keyDown(enabled[1]!, { key: 'End' });
    expect(document.activeElement).toBe(enabled[last]);
    fireEvent.keyDown(enabled[last]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(enabled[0]);
    fireEvent.keyDown(enabled[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(enabled[last]);
    fireEvent.keyDown(enabled[last]!, { key: 'Home' });
    expect(document.activeElement).toBe(enabled[0]);
    fireEvent.keyDown(enabled[0]!, { key: 'ArrowRight' });
    expect(stops(toolbar).tabbable).toEqual([enabled[1]]);
  });
});

it('leaves Up and Down to the candle-type select and skips disabled tools', () => {
  render(<ChartToolbar {...toolbarProps} />);
  const select = document.querySelector<HTMLSelectElement>('[data-testid="candle-type"]')!;
  select.focus();
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(select);
  cleanup();
  render(
    <DrawingBar selected={false} ready t={t} onDraw={noop} onDeleteSelected={noop} onDeleteAll={noop} />,
  );
  const last = document.querySelector<HTMLElement>(`[data-overlay="${DRAWING_TOOLS.at(-1)}"]`)!;
  last.focus();
  fireEvent.keyDown(last, { key: 'ArrowRight' });
  // "Delete the selected drawing" is disabled with nothing selected: the arrow goes on to "Delete all".
  expect(document.activeElement?.getAttribute('data-action')).toBe('delete-all');
});
