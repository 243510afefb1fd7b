// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { radioKeys } from './radio-keys';

const VALUES = ['1min', '5min', '15min'] as const;

function Group({ initial }: { initial: string }) {
  const [checked, setChecked] = useState(initial);
  const keys = radioKeys(VALUES, checked, setChecked);
  return (
    <div role="radiogroup" aria-label="Period" onKeyDown={keys.onKeyDown}>
      {VALUES.map((value) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={value === checked}
          tabIndex={keys.tabIndexOf(value)}
          onClick={() => setChecked(value)}
        >
          {value}
        </button>
      ))}
    </div>
  );
}

const tabStops = () => screen.getAllByRole('radio').map((radio) => radio.tabIndex);
const checkedName = () =>
  screen.getAllByRole('radio').find((radio) => radio.getAttribute('aria-checked') === 'true')?.textContent;

describe('radioKeys: a radio group is one Tab stop, the arrows choose', () => {
  afterEach(cleanup);

  it('gives the Tab stop to the checked radio, and to the first while none is checked', () => {
    render(<Group initial="5min" />);
    expect(tabStops()).toEqual([-1, 0, -1]);
    cleanup();
    render(<Group initial="none" />);
    expect(tabStops()).toEqual([0, -1, -1]);
  });

  it('checks the next or previous radio with the arrows, round the ends, and moves the focus with it', () => {
    render(<Group initial="15min" />);
    const group = screen.getByRole('radiogroup');
    screen.getAllByRole('radio')[2]!.focus();
    fireEvent.keyDown(screen.getAllByRole('radio')[2]!, { key: 'ArrowRight' });
    expect(checkedName()).toBe('1min');
    expect(document.activeElement?.textContent).toBe('1min');
    expect(tabStops()).toEqual([0, -1, -1]);
    fireEvent.keyDown(group, { key: 'ArrowUp' });
    expect([checkedName(), document.activeElement?.textContent]).toEqual(['15min', '15min']);
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    expect(checkedName()).toBe('5min');
    // Other keys (Enter, Tab, letters) are left to the page.
    for (const key of ['Enter', 'Tab', 'a']) fireEvent.keyDown(group, { key });
    expect(checkedName()).toBe('5min');
  });
});
