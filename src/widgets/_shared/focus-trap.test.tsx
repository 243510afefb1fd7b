// @vitest-environment jsdom
// Issue #22: a modal dialog keeps Tab and Shift+Tab inside and gives the focus back on close, to its opener or,
// when the opener went with the dialog's action, to the nearest element around it that can take the focus.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDrawer } from './drawer';
import { ancestorsOf, focusDropped, returnTarget, tabbablesIn, trapTab } from './focus-trap';
import type { TabKeyEvent } from './focus-trap';

afterEach(cleanup);

const box = (html: string) => {
  const root = document.createElement('div');
  root.setAttribute('aria-modal', 'true');
  root.tabIndex = -1;
  root.innerHTML = html;
  document.body.append(root);
  return root;
};

const tab = (target: Element, shiftKey = false) => {
  const event: TabKeyEvent & { prevented: boolean } = {
    key: 'Tab',
    shiftKey,
    target,
    defaultPrevented: false,
    prevented: false,
    preventDefault() {
      this.prevented = true;
    },
  };
  return event;
};

const names = (els: HTMLElement[]) => els.map((el) => el.id);

describe('tabbablesIn', () => {
  afterEach(() => document.body.replaceChildren());

  it('lists what Tab stops on, in document order', () => {
    const root = box(`
      <button id="a">A</button>
      <button id="off" disabled>Off</button>
      <fieldset disabled><button id="in-off">In</button></fieldset>
      <div id="div">text</div>
      <div id="minus" tabindex="-1">skip</div>
      <div id="zero" tabindex="0">zero</div>
      <input id="hidden" type="hidden" />
      <span hidden><button id="gone">Gone</button></span>
      <a id="link" href="#x">Link</a><a id="nolink">No href</a>
      <input id="text" />
      <input id="r1" type="radio" name="side" /><input id="r2" type="radio" name="side" checked />
      <input id="s1" type="radio" name="size" /><input id="s2" type="radio" name="size" />
    `);
    expect(names(tabbablesIn(root))).toEqual(['a', 'zero', 'link', 'text', 'r2', 's1']);
  });
});

describe('trapTab', () => {
  afterEach(() => document.body.replaceChildren());

  it('wraps Tab from the last control to the first and Shift+Tab from the first to the last', () => {
    const root = box('<button id="a">A</button><input id="b" /><button id="c">C</button>');
    const [a, b, c] = ['a', 'b', 'c'].map((id) => document.getElementById(id)!);
    c!.focus();
    const forward = tab(c!);
    trapTab(forward, root);
    expect([forward.prevented, document.activeElement?.id]).toEqual([true, 'a']);
    const back = tab(a!, true);
    trapTab(back, root);
    expect([back.prevented, document.activeElement?.id]).toEqual([true, 'c']);
    // Between the ends the browser moves the focus on its own.
    b!.focus();
    const middle = tab(b!);
    trapTab(middle, root);
    expect([middle.prevented, document.activeElement?.id]).toEqual([false, 'b']);
  });

  it('takes Shift+Tab from the panel itself to the last control', () => {
    const root = box('<button id="a">A</button><button id="c">C</button>');
    root.focus();
    const back = tab(root, true);
    trapTab(back, root);
    expect([back.prevented, document.activeElement?.id]).toEqual([true, 'c']);
  });

  it('keeps the focus on the panel when nothing in it takes Tab', () => {
    const root = box('<p>Only text</p><button disabled>Off</button>');
    root.focus();
    const forward = tab(root);
    trapTab(forward, root);
    expect([forward.prevented, document.activeElement]).toEqual([true, root]);
  });

  it('leaves other keys, handled presses and presses of a nested dialog alone', () => {
    const root = box(
      '<button id="a">A</button><div id="inner" aria-modal="true"><button id="x">X</button></div><button id="c">C</button>',
    );
    const x = document.getElementById('x')!;
    x.focus();
    const nested = tab(x);
    trapTab(nested, root);
    const enter = { ...tab(x), key: 'Enter' };
    trapTab(enter, root);
    const done = { ...tab(document.getElementById('c')!), defaultPrevented: true };
    trapTab(done, root);
    expect([nested.prevented, enter.prevented, done.prevented, document.activeElement?.id]).toEqual([
      false,
      false,
      false,
      'x',
    ]);
  });
});

describe('returnTarget', () => {
  afterEach(() => document.body.replaceChildren());

  it('is the opener while it is in the page, else the nearest focusable element that was around it', () => {
    document.body.innerHTML =
      '<main id="main" tabindex="-1"><div id="list" tabindex="-1"><div id="row"><button id="open">Row</button></div></div></main>';
    const opener = document.getElementById('open')!;
    const around = ancestorsOf(opener);
    expect(around.map((el) => el.id || el.tagName)).toEqual(['row', 'list', 'main', 'BODY', 'HTML']);
    expect(returnTarget(opener, around)).toBe(opener);
    document.getElementById('row')!.remove();
    expect(returnTarget(opener, around)?.id).toBe('list');
    document.getElementById('list')!.replaceWith(document.createElement('p'));
    expect(returnTarget(opener, around)?.id).toBe('main');
    expect(returnTarget(null, [])).toBeNull();
  });

  it('walks out of a shadow root to its host', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const button = document.createElement('button');
    host.attachShadow({ mode: 'open' }).append(button);
    expect(ancestorsOf(button)[0]).toBe(host);
  });
});

function Harness({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [row, setRow] = useState(true);
  return (
    <div data-testid="list" tabIndex={-1}>
      {row ? (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      ) : null}
      <button type="button">After</button>
      {open ? (
        <ModalDrawer
          title="Details"
          closeLabel="Close"
          block="tk-test"
          part="drawer"
          onClose={() => setOpen(false)}
          actions={
            <button
              type="button"
              onClick={() => {
                if (removeOpener) setRow(false);
                setOpen(false);
              }}
            >
              Done
            </button>
          }
        >
          <input aria-label="Amount" />
        </ModalDrawer>
      ) : null}
    </div>
  );
}

describe('ModalDrawer and the keyboard', () => {
  it('keeps Tab and Shift+Tab inside, closes on Escape and gives the focus back to its opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Open');
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    expect(document.activeElement).toBe(dialog);
    const visited: string[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      visited.push(
        document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      );
    }
    expect(visited).toEqual(['Close', 'Amount', 'Done', 'Close']);
    await user.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Done');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Open');
  });

  it('gives the focus to the list around the opener when the opener went with the action', async () => {
    const user = userEvent.setup();
    render(<Harness removeOpener />);
    await user.tab();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Open')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('list'));
  });

  it('leaves a focus already placed when it closes: a confirm closing with its drawer takes nothing back', async () => {
    const user = userEvent.setup();
    let closeBoth: () => void = () => undefined;
    function Nested() {
      const [open, setOpen] = useState(true);
      closeBoth = () => {
        // The focus placed first (the drawer's return to its row, or a list keeping it), then both close.
        screen.getByRole('button', { name: 'Row' }).focus();
        setOpen(false);
      };
      return (
        <div data-testid="list" tabIndex={-1}>
          <button type="button">Row</button>
          {open ? (
            <ModalDrawer
              title="Details"
              closeLabel="Close"
              block="tk-test"
              part="drawer"
              onClose={() => setOpen(false)}
            >
              <ModalDrawer
                title="Sure?"
                closeLabel="Cancel"
                block="tk-test"
                part="confirm"
                onClose={() => undefined}
              >
                <p>Close it?</p>
              </ModalDrawer>
            </ModalDrawer>
          ) : null}
        </div>
      );
    }
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => closeBoth());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Row' }));
  });
});

describe('focusDropped', () => {
  it('is true on the body and false on an element that has the focus', () => {
    render(<button type="button">Here</button>);
    (document.activeElement as HTMLElement | null)?.blur();
    expect(focusDropped(document)).toBe(true);
    screen.getByRole('button', { name: 'Here' }).focus();
    expect(focusDropped(document)).toBe(false);
  });
});
