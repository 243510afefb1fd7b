// @vitest-environment jsdom
// Runs in the `unit` project on React 19 and in the `lite` project on Preact with hoisted-styles.ts: the same
// expectations hold for both, so the lite build hoists styles where and as React does (EK14).
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

/** The hoisted styles and the page's own ones in the head, in order, by `data-href` or id. */
const headStyles = () =>
  [...document.head.querySelectorAll<HTMLStyleElement>('style')].map((s) => s.dataset.href ?? s.id);

describe('<style href precedence>', () => {
  it('goes into the head once per href, with its precedence and nonce, and stays after an unmount', () => {
    const style = (
      <style href="tk-once" precedence="tk" nonce="n0nce">
        {'.tk-once{color:red}'}
      </style>
    );
    const first = render(<div>{style}</div>);
    const second = render(<p>{style}</p>);
    const hoisted = document.head.querySelectorAll<HTMLStyleElement>('style[data-href="tk-once"]');
    expect(hoisted).toHaveLength(1);
    expect(hoisted[0]?.dataset.precedence).toBe('tk');
    expect(hoisted[0]?.getAttribute('nonce')).toBe('n0nce');
    expect(hoisted[0]?.textContent).toBe('.tk-once{color:red}');
    // Nothing where it stands.
    expect(first.container.innerHTML).toBe('<div></div>');
    expect(second.container.innerHTML).toBe('<p></p>');
    cleanup();
    expect(document.head.querySelectorAll('style[data-href="tk-once"]')).toHaveLength(1);
  });

  it("goes with the styles of its precedence, ahead of the page's own", () => {
    const page = document.createElement('style');
    page.id = 'page';
    document.head.append(page);
    const hoist = (href: string, precedence: string) =>
      render(
        <style href={href} precedence={precedence}>
          {`.${href}{}`}
        </style>,
      );
    hoist('order-a', 'first');
    expect(headStyles().filter((name) => name.startsWith('order-') || name === 'page')).toEqual([
      'order-a',
      'page',
    ]);
    hoist('order-b', 'first');
    hoist('order-c', 'second');
    hoist('order-d', 'first');
    expect(headStyles().filter((name) => name.startsWith('order-') || name === 'page')).toEqual([
      'order-a',
      'order-b',
      'order-d',
      'order-c',
      'page',
    ]);
  });
});
