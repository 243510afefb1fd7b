import { describe, expect, it } from 'vitest';
import { CALLBACK_PROPS } from '../_shared/events';
import { optionFormMeta } from './option-form.meta';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

describe('optionFormMeta', () => {
  it.each(optionFormMeta.attributes.map((a) => [a.name, a] as const))(
    'maps attribute %s to its camel-cased prop',
    (_, a) => {
      expect(a.prop).toBe(camel(a.name));
    },
  );

  it('declares only events that have a typed event class', () => {
    expect(optionFormMeta.events.map((e) => e.name).filter((name) => !(name in CALLBACK_PROPS))).toEqual([]);
  });

  it('names the tag after its folder and documents the drawers and the trade button', () => {
    expect(optionFormMeta.tag).toBe('tk-option-form');
    expect(optionFormMeta.parts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['submit', 'up', 'down', 'times', 'chips', 'drawer', 'progress', 'countdown']),
    );
  });
});
