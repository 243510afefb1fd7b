import { describe, expect, it } from 'vitest';
import { parseServiceLink } from './service-link';

describe('parseServiceLink', () => {
  it.each([
    ['1|["https://help.example/a","https://help.example/b"]', { kind: 'tab', url: 'https://help.example/a' }],
    ['0|["https://help.example/page"]', { kind: 'dialog', url: 'https://help.example/page' }],
    [
      '2|["https://chat.example/room?id=7"]',
      { kind: 'chat', url: 'https://chat.example/room?id=7&language=en' },
    ],
    ['2|["https://chat.example/?language=fr"]', { kind: 'chat', url: 'https://chat.example/?language=en' }],
    ['9|["https://help.example/"]', { kind: 'tab', url: 'https://help.example/' }],
    [' 1 | ["https://help.example/x"] ', { kind: 'tab', url: 'https://help.example/x' }],
    ['["https://help.example/"]', { kind: 'tab', url: 'https://help.example/' }],
    ['1|https://help.example/bare', { kind: 'tab', url: 'https://help.example/bare' }],
    [
      '1|[{"name":"online","url":"https://desk.example/chat"},{"name":"telegram","url":"https://t.me/x"}]',
      { kind: 'tab', url: 'https://desk.example/chat' },
    ],
    [
      '0|[{"name":"online","url":"https://desk.example/chat?brand=a"}]',
      { kind: 'dialog', url: 'https://desk.example/chat?brand=a' },
    ],
  ])('reads %s', (value, expected) => {
    expect(parseServiceLink(value)).toEqual(expected);
  });

  it('skips entries that are not web links and takes the first usable one', () => {
    expect(parseServiceLink('1|["javascript:alert(1)", 5, "https://ok.example/"]')).toEqual({
      kind: 'tab',
      url: 'https://ok.example/',
    });
  });

  it.each([null, undefined, '', '1|[]', '1|["not a url"]', '0|[null]', '1|{"a":1}', '1|[{"name":"x"}]'])(
    'gives null for %s',
    (value) => {
      expect(parseServiceLink(value)).toBeNull();
    },
  );
});
