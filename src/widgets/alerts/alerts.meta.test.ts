import { describe, expect, it } from 'vitest';
import { CALLBACK_PROPS } from '../_shared/events';
import { alertsMeta } from './alerts.meta';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

describe('alertsMeta', () => {
  it.each(alertsMeta.attributes.map((a) => [a.name, a] as const))(
    'maps attribute %s to its camel-cased prop',
    (_, a) => {
      expect(a.prop).toBe(camel(a.name));
    },
  );

  it('declares only events that have a typed event class', () => {
    expect(alertsMeta.events.map((e) => e.name).filter((name) => !(name in CALLBACK_PROPS))).toEqual([]);
  });

  it('names the tag after its folder and offers api, lang and theme', () => {
    expect(alertsMeta.tag).toBe('tk-alerts');
    expect(alertsMeta.attributes.map((a) => a.name)).toEqual(
      expect.arrayContaining(['api', 'lang', 'theme']),
    );
  });
});
