// @vitest-environment jsdom
// Issue #22: the indicator dialog keeps Tab inside and gives the focus back to the toolbar button on close.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { IndicatorDialog } from './indicator-dialog';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Indicators
      </button>
      {open ? (
        <IndicatorDialog
          indicators={{ main: ['MA'], sub: [] }}
          choices={{ main: ['MA', 'EMA'], sub: ['VOL'] }}
          max={3}
          t={(key) => key}
          onToggle={() => undefined}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

describe('IndicatorDialog and the keyboard', () => {
  it('wraps Tab at its ends, closes on Escape and returns the focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');
    const first = document.activeElement;
    expect(dialog.contains(first)).toBe(true);
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Indicators');
  });
});
