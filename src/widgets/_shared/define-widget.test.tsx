// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_STRINGS } from '../../core/i18n/english.fixture';
import { createI18n, loadLanguage } from '../../core/i18n/i18n';
import type { LocaleFiles } from '../../core/i18n/i18n';
import frQuotes from '../../core/i18n/locales/fr/quotes.json';
import { defineWidget, widgetBodyReady } from './define-widget';
import { useHostState } from './host-state';
import { INHERITED_RESET } from './inherited-reset';
import { usePlatform } from './platform-context';
import { createTestPlatform } from './test-platform.fixture';
import type { TestPlatform } from './test-platform.fixture';
import { useT } from './use-t';
import type { WidgetMeta } from './widget-meta';
import { useEmit } from './widget-host';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

let test: TestPlatform;
beforeAll(() => {
  test = createTestPlatform();
  getPlatform.mockReturnValue(test.platform);
});
afterAll(() => test.platform.close());
afterEach(() => document.body.replaceChildren());

const meta: WidgetMeta = {
  tag: 'tk-probe',
  summary: 'Test widget.',
  description: 'Renders its props.',
  attributes: [
    { name: 'api', prop: 'api', type: 'string', description: '' },
    { name: 'lang', prop: 'lang', type: 'string', description: '' },
    { name: 'theme', prop: 'theme', type: 'string', description: '' },
    { name: 'symbol', prop: 'symbol', type: 'string', description: '' },
    { name: 'row-count', prop: 'rowCount', type: 'number', description: '' },
    { name: 'compact', prop: 'compact', type: 'boolean', description: '' },
    { name: 'options', prop: 'options', type: 'json', description: '' },
  ],
  events: [{ name: 'tk-symbol-select', description: '', detail: '{ symbol: string }' }],
  parts: [],
  cssProperties: [],
};

interface ProbeProps {
  symbol?: string;
  rowCount?: number;
  compact?: boolean;
  options?: { a: number };
  theme?: string;
  onSymbolSelect?: (detail: { symbol: string }) => void;
}

function Probe(props: ProbeProps) {
  const platform = usePlatform();
  const t = useT();
  const emit = useEmit(props);
  const [clicks, setClicks] = useHostState('probe.clicks', 0);
  const text = JSON.stringify({
    symbol: props.symbol,
    rowCount: props.rowCount,
    compact: props.compact,
    options: props.options,
    theme: props.theme,
    origin: platform.origin,
    clicks,
  });
  return (
    <button
      type="button"
      onClick={() => {
        setClicks(clicks + 1);
        emit('tk-symbol-select', { symbol: props.symbol ?? '' });
      }}
    >
      {t('quotes.bid')} {text}
    </button>
  );
}

const PROBE_CSS = '.probe { color: var(--tk-text, var(--_tk-text)); }';
/** The probe uses a key of the quotes namespace, like <tk-quotes>. */
const QUOTES_FILES: LocaleFiles = {
  english: { quotes: ALL_STRINGS.english.quotes ?? {} },
  languages: ALL_STRINGS.languages,
};
defineWidget(meta, Probe, PROBE_CSS, QUOTES_FILES);

/** Every text the late probe rendered, first render included. */
const rendered: string[] = [];
function LateProbe() {
  const text = useT()('quotes.bid');
  rendered.push(text);
  return <p>{text}</p>;
}
defineWidget({ ...meta, tag: 'tk-probe-late' }, LateProbe, '', QUOTES_FILES);

/** Plain React state, with the number of times it mounted: what a move must keep and a removal must end. */
let counterMounts = 0;
function Counter({ symbol }: { symbol?: string }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    counterMounts += 1;
  }, []);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {symbol ?? '-'} {count}
    </button>
  );
}
defineWidget({ ...meta, tag: 'tk-probe-counter' }, Counter, '', QUOTES_FILES);

/** The test platform with an instance of its own that has common only, as on a brand page. */
function brandPagePlatform() {
  return { ...test.platform, i18n: createI18n() };
}

async function mount(html: string): Promise<HTMLElement> {
  document.body.innerHTML = html;
  const el = document.body.firstElementChild as HTMLElement;
  await act(async () => undefined);
  return el;
}
const state = (el: HTMLElement) =>
  JSON.parse(/\{.*\}/.exec(el.shadowRoot?.querySelector('button')?.textContent ?? '')?.[0] ?? 'null');

describe('defineWidget', () => {
  it('renders the component in an open shadow root with the shared and the widget CSS', async () => {
    const el = await mount('<tk-probe></tk-probe>');
    const style = el.shadowRoot?.querySelector('style:not([data-tk-part])')?.textContent ?? '';
    expect(style).toContain('--_tk-color-up:#2962ff');
    expect(style.endsWith(PROBE_CSS)).toBe(true);
    expect(el.shadowRoot?.querySelector('button')).toBeTruthy();
  });

  it('gives its style element the nonce of the page (<meta property="csp-nonce">), none without one', async () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.nonce = 'cGFnZS1ub25jZQ==';
    document.head.append(meta);
    try {
      const el = await mount('<tk-probe></tk-probe>');
      expect(el.shadowRoot?.querySelector<HTMLStyleElement>('style:not([data-tk-part])')?.nonce).toBe(
        'cGFnZS1ub25jZQ==',
      );
    } finally {
      meta.remove();
    }
    const plain = await mount('<tk-probe></tk-probe>');
    expect(plain.shadowRoot?.querySelector('style:not([data-tk-part])')?.hasAttribute('nonce')).toBe(false);
  });

  it('maps attributes to typed props and follows attribute changes', async () => {
    const el = await mount(
      `<tk-probe symbol="EURUSD" row-count="3" compact="true" options='{"a":1}' theme="dark"></tk-probe>`,
    );
    expect(state(el)).toMatchObject({
      symbol: 'EURUSD',
      rowCount: 3,
      compact: true,
      options: { a: 1 },
      theme: 'dark',
    });
    await act(async () => el.setAttribute('compact', 'false'));
    expect(state(el).compact).toBe(false);
  });

  it('gets the page platform for its api attribute', async () => {
    const el = await mount('<tk-probe api="https://platform.test"></tk-probe>');
    expect(getPlatform).toHaveBeenLastCalledWith('https://platform.test');
    expect(state(el).origin).toBe('https://platform.test');
  });

  it('dispatches outputs from the element as bubbling, composed, typed events', async () => {
    const el = await mount('<tk-probe symbol="XAUUSD"></tk-probe>');
    const seen: Array<{ symbol: string; composed: boolean; bubbles: boolean; target: EventTarget | null }> =
      [];
    const listener = (e: GlobalEventHandlersEventMap['tk-symbol-select']) =>
      seen.push({ symbol: e.detail.symbol, composed: e.composed, bubbles: e.bubbles, target: e.target });
    document.addEventListener('tk-symbol-select', listener);
    await act(async () => el.shadowRoot?.querySelector('button')?.click());
    document.removeEventListener('tk-symbol-select', listener);
    expect(seen).toEqual([{ symbol: 'XAUUSD', composed: true, bubbles: true, target: el }]);
  });

  it('keeps host state when the element is moved in the page', async () => {
    const el = await mount('<tk-probe></tk-probe>');
    await act(async () => el.shadowRoot?.querySelector('button')?.click());
    const box = document.createElement('section');
    document.body.append(box);
    await act(async () => box.append(el));
    expect(state(el).clicks).toBe(1);
  });

  it('keeps its React tree and all its state when moved, and unmounts once it is left off the page', async () => {
    counterMounts = 0;
    const el = await mount('<tk-probe-counter symbol="EURUSD"></tk-probe-counter>');
    const button = el.shadowRoot?.querySelector('button');
    await act(async () => button?.click());
    const box = document.createElement('section');
    document.body.append(box);
    await act(async () => box.append(el));
    // The same root: the same button, plain useState kept, no second mount.
    expect(el.shadowRoot?.querySelector('button')).toBe(button);
    expect(button?.textContent).toBe('EURUSD 1');
    expect(counterMounts).toBe(1);
    // Removed, then on the page again later: a fresh tree, and the old one gone with its effects.
    await act(async () => el.remove());
    expect(el.shadowRoot?.querySelectorAll('.tk-root, button, style:not([data-tk-part])')).toHaveLength(0);
    await act(async () => document.body.append(el));
    expect(el.shadowRoot?.querySelector('button')?.textContent).toBe('EURUSD 0');
    expect(counterMounts).toBe(2);
    expect(el.shadowRoot?.querySelectorAll('button')).toHaveLength(1);
    // The reset of the page's inherited styles (EK8) came with the first connect, once.
    await vi.waitFor(() =>
      expect(
        [...(el.shadowRoot?.querySelectorAll('style[data-tk-part="reset"]') ?? [])].map((s) => s.textContent),
      ).toEqual([INHERITED_RESET]),
    );
  });

  it('renders an element made by the page script only once it is on the page, with its attributes', async () => {
    counterMounts = 0;
    const el = document.createElement('tk-probe-counter');
    await act(async () => el.setAttribute('symbol', 'XAUUSD'));
    // Never inserted, it would otherwise hold a React root (and its subscriptions) for ever.
    expect(el.shadowRoot?.childNodes).toHaveLength(0);
    expect(counterMounts).toBe(0);
    await act(async () => document.body.append(el));
    expect(el.shadowRoot?.querySelector('button')?.textContent).toBe('XAUUSD 0');
    await act(async () => el.setAttribute('symbol', 'EURUSD'));
    expect(el.shadowRoot?.querySelector('button')?.textContent).toBe('EURUSD 0');
    expect(counterMounts).toBe(1);
  });

  it('applies its lang attribute to the page language', async () => {
    const el = await mount('<tk-probe lang="de"></tk-probe>');
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toContain('Geld'));
    await act(() => test.platform.i18n.changeLanguage('en'));
  });

  it('warns once and keeps the first definition when the tag is defined again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = customElements.get('tk-probe');
    expect(() => defineWidget(meta, () => null, '', QUOTES_FILES)).not.toThrow();
    defineWidget(meta, () => null, '', QUOTES_FILES);
    expect(customElements.get('tk-probe')).toBe(first);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('gives the page its own namespace and common only, and switches language in those', async () => {
    const page = brandPagePlatform();
    getPlatform.mockReturnValue(page);
    try {
      const el = await mount('<tk-probe></tk-probe>');
      expect(el.shadowRoot?.textContent).toContain('Bid');
      await act(() => loadLanguage(page.i18n, 'de'));
      expect(el.shadowRoot?.textContent).toContain('Geld');
      const loaded = ['common', 'quotes', 'chart', 'auth', 'host'].filter((ns) =>
        page.i18n.hasResourceBundle('de', ns),
      );
      expect(loaded).toEqual(['common', 'quotes']);
    } finally {
      getPlatform.mockReturnValue(test.platform);
    }
  });

  it('joins a page already in another language without a flash of English or raw keys', async () => {
    const page = brandPagePlatform();
    await loadLanguage(page.i18n, 'fr');
    expect(page.i18n.hasResourceBundle('fr', 'quotes')).toBe(false);
    getPlatform.mockReturnValue(page);
    try {
      rendered.length = 0;
      const el = await mount('<tk-probe-late></tk-probe-late>');
      const french = frQuotes.quotes.bid;
      await vi.waitFor(() => expect(el.shadowRoot?.querySelector('p')?.textContent).toBe(french));
      expect(rendered.filter((text) => text !== french)).toEqual([]);
    } finally {
      getPlatform.mockReturnValue(test.platform);
    }
  });
});

describe('defineWidget with a body that loads after the first paint', () => {
  let loaded!: (component: typeof Probe) => void;
  const body = new Promise<typeof Probe>((resolve) => (loaded = resolve));
  const started = vi.fn(() => body);
  defineWidget(
    { ...meta, tag: 'tk-probe-lazy' },
    { body: started, frame: ({ symbol }: ProbeProps) => <p role="status">frame {symbol}</p> },
    PROBE_CSS,
    QUOTES_FILES,
  );

  it('starts loading the body when the element is defined, paints the frame, then the body with the props', async () => {
    expect(started).toHaveBeenCalledTimes(1);
    const el = await mount('<tk-probe-lazy symbol="EURUSD"></tk-probe-lazy>');
    expect(el.shadowRoot?.querySelector('[role="status"]')?.textContent).toBe('frame EURUSD');
    expect(el.shadowRoot?.querySelector('button')).toBeNull();
    await act(async () => {
      loaded(Probe);
      await widgetBodyReady('tk-probe-lazy');
    });
    expect(el.shadowRoot?.querySelector('[role="status"]')).toBeNull();
    expect(state(el).symbol).toBe('EURUSD');
    expect(started).toHaveBeenCalledTimes(1);
  });
});
