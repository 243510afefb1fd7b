// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { widgetElement } from './widget-element';

const seen: Array<Record<string, unknown>> = [];
let mounts = 0;
let unmounts = 0;

function Probe(props: Record<string, unknown>) {
  const { container, ...rest } = props;
  seen.push({ ...rest, container });
  return <output>{JSON.stringify(rest)}</output>;
}

/** Probe, counting mounts and unmounts (a layout effect runs once per mount, its cleanup once per unmount). */
function Counted(props: Record<string, unknown>) {
  useLayoutEffect(() => {
    mounts++;
    return () => void unmounts++;
  }, []);
  return Probe(props);
}

customElements.define(
  'tk-element-probe',
  widgetElement(Counted, { symbol: 'string', rowCount: 'number', miniChart: 'boolean', options: 'json' }),
);

type Probed = HTMLElement & { symbol?: unknown; rowCount?: unknown; miniChart?: unknown; options?: unknown };
const last = () => seen.at(-1)!;
const text = (el: Element) => el.shadowRoot!.querySelector('output')!.textContent;

afterEach(async () => {
  await act(async () => document.body.replaceChildren());
  seen.length = 0;
});

describe('widgetElement', () => {
  it('observes the kebab-cased props and converts their attributes by type', async () => {
    const ctor = customElements.get('tk-element-probe') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(['symbol', 'row-count', 'mini-chart', 'options']);
    await act(async () => {
      document.body.innerHTML =
        '<tk-element-probe symbol="EURUSD" row-count="2.5" mini-chart="false" options=\'{"a":1}\'></tk-element-probe>';
    });
    const el = document.querySelector('tk-element-probe')!;
    expect(last()).toMatchObject({ symbol: 'EURUSD', rowCount: 2.5, miniChart: false, options: { a: 1 } });
    expect(last().container).toBe(el.shadowRoot);
    expect(JSON.parse(text(el)!)).toEqual({
      symbol: 'EURUSD',
      rowCount: 2.5,
      miniChart: false,
      options: { a: 1 },
    });
  });

  it('reads booleans as true when they start with t, y or 1–9, and leaves a prop alone on an empty or removed attribute', async () => {
    await act(async () => {
      document.body.innerHTML = '<tk-element-probe mini-chart="yes" symbol="A"></tk-element-probe>';
    });
    const el = document.querySelector('tk-element-probe')!;
    expect(last().miniChart).toBe(true);
    await act(async () => el.setAttribute('mini-chart', '0'));
    expect(last().miniChart).toBe(false);
    await act(async () => el.setAttribute('mini-chart', 'True'));
    expect(last().miniChart).toBe(true);
    const renders = seen.length;
    await act(async () => el.setAttribute('symbol', ''));
    await act(async () => el.removeAttribute('mini-chart'));
    expect(seen.length).toBe(renders);
    expect((el as Probed).symbol).toBe('A');
    expect((el as Probed).miniChart).toBe(true);
  });

  it('reflects a property set in script to its attribute, which renders; undefined removes the attribute', async () => {
    await act(async () => {
      document.body.innerHTML = '<tk-element-probe></tk-element-probe>';
    });
    const el = document.querySelector('tk-element-probe') as Probed;
    await act(async () => {
      el.rowCount = 3;
      el.miniChart = false;
      el.options = { b: 2 };
      el.symbol = 'XAUUSD';
    });
    expect(el.getAttribute('row-count')).toBe('3');
    expect(el.getAttribute('mini-chart')).toBe('false');
    expect(el.getAttribute('options')).toBe('{"b":2}');
    expect(last()).toMatchObject({ symbol: 'XAUUSD', rowCount: 3, miniChart: false, options: { b: 2 } });
    await act(async () => {
      el.symbol = undefined;
    });
    expect(el.hasAttribute('symbol')).toBe(false);
    expect(el.symbol).toBeUndefined();
  });

  it('unmounts its React tree when disconnected and mounts it again when put back', async () => {
    await act(async () => {
      document.body.innerHTML = '<tk-element-probe symbol="A"></tk-element-probe>';
    });
    const el = document.querySelector('tk-element-probe')!;
    const [mounted, unmounted] = [mounts, unmounts];
    await act(async () => el.remove());
    expect(unmounts).toBe(unmounted + 1);
    await act(async () => document.body.append(el));
    expect(mounts).toBe(mounted + 1);
    expect(JSON.parse(text(el)!)).toEqual({ symbol: 'A' });
  });
});
