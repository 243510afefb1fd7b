import { describe, expect, it } from 'vitest';
import { CALLBACK_PROPS } from '../_shared/events';
import { orderFormMeta } from './order-form.meta';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

describe('orderFormMeta', () => {
  it.each(orderFormMeta.attributes.map((a) => [a.name, a] as const))(
    'maps attribute %s to its camel-cased prop',
    (_, a) => {
      expect(a.prop).toBe(camel(a.name));
    },
  );

  it('declares only events that have a typed event class', () => {
    expect(orderFormMeta.events.map((e) => e.name).filter((name) => !(name in CALLBACK_PROPS))).toEqual([]);
  });

  it('names the tag after its folder and documents the trade button part', () => {
    expect(orderFormMeta.tag).toBe('tk-order-form');
    expect(orderFormMeta.parts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['submit', 'buy', 'sell', 'preview', 'stale']),
    );
  });
});
