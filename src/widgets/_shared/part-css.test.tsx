// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WidgetHostContext, usePartCss } from './widget-host';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

function Part({
  id = 'drawer',
  css = '.tk-drawer{color:red}',
  late = false,
}: {
  id?: string;
  css?: string;
  late?: boolean;
}) {
  usePartCss(id, css, late);
  return <span data-testid="part" />;
}

describe('usePartCss', () => {
  it('writes a part’s CSS once into the document head, ahead of the styles already there', () => {
    const widget = document.createElement('style');
    widget.dataset.href = 'tk-shared';
    document.head.append(widget);
    render(
      <>
        <Part />
        <Part />
        <Part id="toast" css=".tk-toast{color:blue}" />
      </>,
    );
    const parts = [...document.head.querySelectorAll('style[data-tk-part]')];
    expect(parts.map((s) => [s.getAttribute('data-tk-part'), s.textContent])).toEqual([
      ['toast', '.tk-toast{color:blue}'],
      ['drawer', '.tk-drawer{color:red}'],
    ]);
    expect(document.head.lastElementChild).toBe(widget);
  });

  it('gives the style element the nonce of the page’s <meta property="csp-nonce">', () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.nonce = 'cGFydC1ub25jZQ==';
    document.head.append(meta);
    render(<Part />);
    expect(document.head.querySelector<HTMLStyleElement>('style[data-tk-part]')?.nonce).toBe(
      'cGFydC1ub25jZQ==',
    );
  });

  it('writes into the shadow root of the element the widget is rendered in, ahead of its own style', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const own = document.createElement('style');
    shadow.append(own);
    const container = document.createElement('div');
    shadow.append(container);
    render(
      <WidgetHostContext.Provider value={host}>
        <Part />
      </WidgetHostContext.Provider>,
      { container },
    );
    expect(shadow.firstElementChild?.getAttribute('data-tk-part')).toBe('drawer');
    expect(shadow.querySelectorAll('style[data-tk-part]')).toHaveLength(1);
    expect(document.head.querySelector('style[data-tk-part]')).toBeNull();
    expect(shadow.querySelector('[data-testid="part"]')).not.toBeNull();
  });

  it('writes the rest of a widget’s own CSS (late) once, after the styles already there', () => {
    const widget = document.createElement('style');
    widget.dataset.href = 'tk-quotes';
    document.head.append(widget);
    render(
      <>
        <Part id="quotes-table" css=".tk-quotes__row{color:red}" late />
        <Part id="quotes-table" css=".tk-quotes__row{color:red}" late />
      </>,
    );
    expect(document.head.querySelectorAll('style[data-tk-part="quotes-table"]')).toHaveLength(1);
    expect(document.head.firstElementChild).toBe(widget);
    expect(document.head.lastElementChild?.getAttribute('data-tk-part')).toBe('quotes-table');

    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const own = document.createElement('style');
    shadow.append(own);
    const container = document.createElement('div');
    shadow.append(container);
    render(
      <WidgetHostContext.Provider value={host}>
        <Part id="quotes-table" css=".tk-quotes__row{color:red}" late />
      </WidgetHostContext.Provider>,
      { container },
    );
    expect(shadow.firstElementChild).toBe(own);
    expect(shadow.lastElementChild?.getAttribute('data-tk-part')).toBe('quotes-table');
  });
});
