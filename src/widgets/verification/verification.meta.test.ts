import { describe, expect, it } from 'vitest';
import { CALLBACK_PROPS } from '../_shared/events';
import { verificationMeta } from './verification.meta';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

describe('verificationMeta', () => {
  it.each(verificationMeta.attributes.map((a) => [a.name, a] as const))(
    'maps attribute %s to its camel-cased prop',
    (_, a) => {
      expect(a.prop).toBe(camel(a.name));
    },
  );

  it('declares only events that have a typed event class', () => {
    expect(verificationMeta.events.map((e) => e.name).filter((name) => !(name in CALLBACK_PROPS))).toEqual(
      [],
    );
  });

  it('names the tag after its folder and offers the level beside api, lang and theme', () => {
    expect(verificationMeta.tag).toBe('tk-verification');
    expect(verificationMeta.attributes.map((a) => a.name)).toEqual(
      expect.arrayContaining(['level', 'api', 'lang', 'theme']),
    );
  });
});
