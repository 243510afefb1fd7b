import { describe, expect, it } from 'vitest';
import { CALLBACK_PROPS } from '../_shared/events';
import { accountMeta } from './account.meta';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

describe('accountMeta', () => {
  it.each(accountMeta.attributes.map((a) => [a.name, a] as const))(
    'maps attribute %s to its camel-cased prop',
    (_, a) => {
      expect(a.prop).toBe(camel(a.name));
    },
  );

  it('declares only events that have a typed event class', () => {
    const own = ['tk-preferences-change'];
    expect(
      accountMeta.events.map((e) => e.name).filter((n) => !(n in CALLBACK_PROPS) && !own.includes(n)),
    ).toEqual([]);
  });

  it('names the tag after its folder', () => {
    expect(accountMeta.tag).toBe('tk-account');
  });
});
