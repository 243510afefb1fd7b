// @vitest-environment jsdom
// Issue #22: when the focused row leaves a list (a position just closed), the list keeps the focus.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { takeDroppedFocus, useFocusKeeper } from './use-focus-keeper';

afterEach(cleanup);

let setRows: (rows: string[]) => void = () => undefined;

function List() {
  const [rows, set] = useState(['a', 'b']);
  setRows = set;
  const keeper = useFocusKeeper<HTMLDivElement>();
  return (
    <>
      <button type="button">Outside</button>
      <div data-testid="list" tabIndex={-1} ref={keeper}>
        {rows.map((row) => (
          <button key={row} type="button">
            {row}
          </button>
        ))}
      </div>
    </>
  );
}

describe('useFocusKeeper', () => {
  it('focuses the list when the focused row is removed', async () => {
    render(<List />);
    screen.getByText('a').focus();
    act(() => setRows(['b']));
    // The box hears of the change from a MutationObserver (a microtask later).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('list')));
  });

  it('leaves the focus where it is when another row goes, or when it moved elsewhere first', async () => {
    render(<List />);
    screen.getByText('b').focus();
    await act(async () => setRows(['b']));
    expect(document.activeElement?.textContent).toBe('b');
    screen.getByText('Outside').focus();
    await act(async () => setRows([]));
    expect(document.activeElement?.textContent).toBe('Outside');
    // Not kept either when the focus had moved into another element of the box.
    await act(async () => setRows(['c', 'd']));
    screen.getByText('c').focus();
    screen.getByText('d').focus();
    await act(async () => setRows(['d']));
    expect(document.activeElement?.textContent).toBe('d');
  });
});

function Later({ ready }: { ready: boolean }) {
  const keeper = useFocusKeeper<HTMLDivElement>();
  const [rows, set] = useState(['a']);
  setRows = set;
  // Like the positions widget: the box comes only once the session is known.
  if (!ready) return <p>Loading</p>;
  return (
    <div data-testid="list" tabIndex={-1} ref={keeper}>
      {rows.map((row) => (
        <button key={row} type="button">
          {row}
        </button>
      ))}
    </div>
  );
}

describe('useFocusKeeper on a box that comes later', () => {
  it('keeps the focus in it', async () => {
    const view = render(<Later ready={false} />);
    view.rerender(<Later ready />);
    screen.getByText('a').focus();
    act(() => setRows([]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('list')));
  });
});

describe('takeDroppedFocus', () => {
  it('takes the focus from the page or from an element around the box, never from elsewhere', () => {
    render(
      <main data-testid="main" tabIndex={-1}>
        <button type="button">Elsewhere</button>
        <div data-testid="box" tabIndex={-1} />
      </main>,
    );
    const box = screen.getByTestId('box');
    (document.activeElement as HTMLElement | null)?.blur();
    expect(takeDroppedFocus(box)).toBe(true);
    expect(document.activeElement).toBe(box);
    screen.getByTestId('main').focus();
    expect(takeDroppedFocus(box)).toBe(true);
    expect(document.activeElement).toBe(box);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    expect(takeDroppedFocus(box)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});
