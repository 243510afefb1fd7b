import { describe, expect, it } from 'vitest';
import { CALLBACK_PROPS } from '../_shared/events';
import { loanMeta } from './loan.meta';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

describe('loanMeta', () => {
  it.each(loanMeta.attributes.map((a) => [a.name, a] as const))(
    'maps attribute %s to its camel-cased prop',
    (_, a) => {
      expect(a.prop).toBe(camel(a.name));
    },
  );

  it('declares only events that have a typed event class', () => {
    expect(loanMeta.events.map((e) => e.name).filter((name) => !(name in CALLBACK_PROPS))).toEqual([]);
  });

  it('names the tag after its folder and offers api, lang and theme', () => {
    expect(loanMeta.tag).toBe('tk-loan');
    expect(loanMeta.attributes.map((a) => a.name)).toEqual(expect.arrayContaining(['api', 'lang', 'theme']));
  });
});
