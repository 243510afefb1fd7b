// @vitest-environment jsdom
// Issue #22: the host's modal dialog keeps Tab and Shift+Tab inside and gives the focus back on close.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog title="Fund" onClose={() => setOpen(false)} actions={<button type="button">Deposit</button>}>
          <button type="button">Transfer</button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog and the keyboard', () => {
  it('keeps the focus inside, closes on Escape and returns it to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Fund' }));
    const visited: string[] = [];
    for (let i = 0; i < 3; i++) {
      await user.tab();
      visited.push(document.activeElement?.textContent ?? '');
    }
    expect(visited).toEqual(['Transfer', 'Deposit', 'Transfer']);
    await user.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Deposit');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Open');
  });
});
