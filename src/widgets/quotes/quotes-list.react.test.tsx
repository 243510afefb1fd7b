// @vitest-environment jsdom
// The quote list's renders on React's scheduler, as in a browser (EK65): React only, since Preact's
// startTransition renders at once (the lite build, EK14).
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { PlatformProvider } from '../_shared/platform-context';
import { createTestPlatform, priceEntry, type TestPlatform } from '../_shared/test-platform.fixture';
import { Quotes, quotesTableReady } from './quotes';

beforeAll(() => quotesTableReady);

const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let test: TestPlatform | null = null;
/** Renders the widget again with another selected symbol: an urgent render the test can ask for. */
let select: (symbol: string) => void = () => undefined;
afterEach(() => {
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  cleanup();
  test?.platform.close();
  test = null;
});

const clock = Date.UTC(2025, 0, 15, 12, 0, 0);
const QUOTES = ['EURUSD', 'USDJPY', 'GBPUSD'].map((symbol, i) => priceEntry({ symbol, sort: i + 1 }));

const rowSymbols = () =>
  [...document.querySelectorAll<HTMLElement>('[part~="row"]')].map((row) => row.dataset.symbol);

/** A connected platform with <Quotes> waiting for its first prices; then outside act(), as a page runs. */
async function waitingQuotes(): Promise<TestPlatform> {
  test = createTestPlatform({ now: () => clock });
  const platform = test.platform;
  function Page() {
    const [selected, setSelected] = useState<string | undefined>(undefined);
    select = setSelected;
    return (
      <PlatformProvider platform={platform}>
        <Quotes selected={selected} />
      </PlatformProvider>
    );
  }
  render(<Page />);
  await act(() => test!.connect());
  expect(screen.getByRole('status').textContent).toBe('Loading…');
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  return test;
}

/** The microtasks a message's task ends with, where React renders a synchronous update. */
async function endOfTask(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

it('renders the first prices’ rows after the socket message’s task, not inside it', async () => {
  const platform = await waitingQuotes();
  platform.publish(QUOTES);
  await endOfTask();
  // useSyncExternalStore rendered every row here, in one synchronous render inside the message's task.
  expect(rowSymbols()).toEqual([]);
  expect(screen.getByRole('status').textContent).toBe('Loading…');
  await waitFor(() => expect(rowSymbols()).toEqual(['EURUSD', 'USDJPY', 'GBPUSD']));
});

it('still shows loading, not “No products”, when something else renders before the rows arrive', async () => {
  const platform = await waitingQuotes();
  platform.publish(QUOTES);
  // An urgent render of the widget (the page selects a symbol) while the list waits for its transition.
  flushSync(() => select('USDJPY'));
  expect(screen.queryByText('No products')).toBeNull();
  expect(screen.getByRole('status').textContent).toBe('Loading…');
  await waitFor(() => expect(rowSymbols()).toEqual(['EURUSD', 'USDJPY', 'GBPUSD']));
});
