// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, tabId } from './tabs';

afterEach(cleanup);

const ITEMS = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: 'Beta' },
  { id: 'c', label: 'Gamma' },
];

function Harness() {
  const [value, setValue] = useState('a');
  return (
    <>
      <Tabs items={ITEMS} value={value} onChange={setValue} label="Letters" idPrefix="t" panelId="panel" />
      <div id="panel" role="tabpanel" aria-labelledby={tabId('t', value)}>
        {value}
      </div>
    </>
  );
}

const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');

describe('Tabs', () => {
  it('exposes a labelled tab list with one tab in the tab order', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Letters' }).getAttribute('part')).toBe('tabs');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(selected()?.getAttribute('part')).toBe('tab tab-selected');
    expect(selected()?.getAttribute('aria-controls')).toBe('panel');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' }).textContent).toBe('a');
  });

  it.each([
    ['ArrowRight', 'Beta'],
    ['ArrowLeft', 'Gamma'],
    ['End', 'Gamma'],
    ['ArrowDown', 'Beta'],
  ])('moves selection and focus with %s', (key, label) => {
    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Alpha' }), { key });
    expect(selected()?.textContent).toBe(label);
    expect(document.activeElement).toBe(selected());
  });

  it('goes back to the first tab with Home and selects on click', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Gamma' }));
    expect(selected()?.textContent).toBe('Gamma');
    fireEvent.keyDown(selected()!, { key: 'Home' });
    expect(selected()?.textContent).toBe('Alpha');
  });

  it('ignores other keys', () => {
    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Alpha' }), { key: 'x' });
    expect(selected()?.textContent).toBe('Alpha');
  });
});
