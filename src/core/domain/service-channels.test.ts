import { describe, expect, it } from 'vitest';
import { onlyOwnChat, serviceChannels, splitServiceLink, type ServiceInput } from './service-channels';

const ORIGIN = 'https://broker.example';
const NONE = { url: '', telegram: '', whatsapp: '', email: '' };
const input = (link: string | null, support: Partial<ServiceInput['support']> = {}): ServiceInput => ({
  support: { ...NONE, ...support },
  link,
  origin: ORIGIN,
});
const OWN = `${ORIGIN}/support/chat`;

describe('serviceChannels', () => {
  it.each<[string, ServiceInput, ReturnType<typeof serviceChannels>]>([
    [
      'own chat only (any type): the chat, and the button opens the page that embeds it',
      input(`2|[{"name":"online","url":"${OWN}"}]`),
      { channels: [{ name: 'online', target: { kind: 'chat' } }], button: { kind: 'page' } },
    ],
    [
      'own chat given as a path of this site',
      input('1|[{"name":"online","url":"/support/chat"}]'),
      { channels: [{ name: 'online', target: { kind: 'chat' } }], button: { kind: 'page' } },
    ],
    [
      'type 0: another site’s desk in a framed dialog, everywhere',
      input('0|["https://desk.example/room"]'),
      {
        channels: [{ name: 'online', target: { kind: 'dialog', url: 'https://desk.example/room' } }],
        button: { kind: 'dialog', url: 'https://desk.example/room' },
      },
    ],
    [
      'type 1: the first usable URL of the list in a tab',
      input('1|["javascript:alert(1)","https://desk.example/a","https://desk.example/b"]'),
      {
        channels: [{ name: 'online', target: { kind: 'tab', url: 'https://desk.example/a' } }],
        button: { kind: 'tab', url: 'https://desk.example/a' },
      },
    ],
    [
      'type 2: the chat link with language en',
      input('2|["https://chat.example/?id=7&language=fr"]'),
      {
        channels: [
          { name: 'online', target: { kind: 'tab', url: 'https://chat.example/?id=7&language=en' } },
        ],
        button: { kind: 'tab', url: 'https://chat.example/?id=7&language=en' },
      },
    ],
    [
      'an unknown type reads as 1',
      input('7|["https://desk.example/"]'),
      {
        channels: [{ name: 'online', target: { kind: 'tab', url: 'https://desk.example/' } }],
        button: { kind: 'tab', url: 'https://desk.example/' },
      },
    ],
    [
      'own chat with every other channel: cards, the button opens the page',
      input(
        `1|[{"name":"online","url":"${OWN}"},{"name":"telegram","url":"https://t.me/desk"},` +
          '{"name":"whatsapp","url":"https://wa.me/155501"}]',
        { email: 'help@broker.example' },
      ),
      {
        channels: [
          { name: 'online', target: { kind: 'chat' } },
          { name: 'telegram', target: { kind: 'tab', url: 'https://t.me/desk' } },
          { name: 'whatsapp', target: { kind: 'tab', url: 'https://wa.me/155501' } },
          {
            name: 'email',
            target: { kind: 'mail', url: 'mailto:help@broker.example', address: 'help@broker.example' },
          },
        ],
        button: { kind: 'page' },
      },
    ],
    [
      'type 0 does not frame Telegram: it opens in a tab; the button follows the online desk',
      input('0|[{"name":"online","url":"https://desk.example/"},{"name":"telegram","url":"https://t.me/d"}]'),
      {
        channels: [
          { name: 'online', target: { kind: 'dialog', url: 'https://desk.example/' } },
          { name: 'telegram', target: { kind: 'tab', url: 'https://t.me/d' } },
        ],
        button: { kind: 'dialog', url: 'https://desk.example/' },
      },
    ],
    [
      'link not loaded yet: the config’s contacts',
      input(null, { url: OWN, telegram: 'https://t.me/cfg', email: 'a@b.example' }),
      {
        channels: [
          { name: 'online', target: { kind: 'chat' } },
          { name: 'telegram', target: { kind: 'tab', url: 'https://t.me/cfg' } },
          { name: 'email', target: { kind: 'mail', url: 'mailto:a@b.example', address: 'a@b.example' } },
        ],
        button: { kind: 'page' },
      },
    ],
    [
      'only an e-mail: the button writes to it',
      input('1|[]', { email: ' desk@broker.example ' }),
      {
        channels: [
          {
            name: 'email',
            target: { kind: 'mail', url: 'mailto:desk@broker.example', address: 'desk@broker.example' },
          },
        ],
        button: { kind: 'mail', url: 'mailto:desk@broker.example', address: 'desk@broker.example' },
      },
    ],
    [
      'telegram and e-mail without an online desk: the page',
      input(null, { telegram: 'https://t.me/x', email: 'a@b.example' }),
      {
        channels: [
          { name: 'telegram', target: { kind: 'tab', url: 'https://t.me/x' } },
          { name: 'email', target: { kind: 'mail', url: 'mailto:a@b.example', address: 'a@b.example' } },
        ],
        button: { kind: 'page' },
      },
    ],
    [
      'unusable values are no channel: a script link, a non-address, an unknown name',
      input('1|[{"name":"telegram","url":"javascript:x"},{"name":"fax","url":"https://fax.example"}]', {
        whatsapp: 'data:text/html,x',
        email: 'not an address',
      }),
      { channels: [], button: null },
    ],
    [
      'an e-mail with a header injection is not offered',
      input(null, { email: 'a@b.example?bcc=c@d.example <x>' }),
      { channels: [], button: null },
    ],
  ])('%s', (_title, given, expected) => {
    expect(serviceChannels(given)).toEqual(expected);
  });
});

describe('splitServiceLink', () => {
  it.each([
    ['0|["a"]', 0, ['a']],
    [' 2 |["a"]', 2, ['a']],
    ['["a"]', 1, ['a']],
    ['1|https://bare.example', 1, ['https://bare.example']],
    ['1|{"name":"online"}', 1, [{ name: 'online' }]],
  ])('%s', (value, type, entries) => {
    expect(splitServiceLink(value)).toEqual({ type, entries });
  });
});

describe('onlyOwnChat', () => {
  it.each<[string, Parameters<typeof onlyOwnChat>[0], boolean]>([
    ['own chat alone', [{ name: 'online', target: { kind: 'chat' } }], true],
    ['another desk alone', [{ name: 'online', target: { kind: 'tab', url: 'https://d.example/' } }], false],
    [
      'own chat and telegram',
      [
        { name: 'online', target: { kind: 'chat' } },
        { name: 'telegram', target: { kind: 'tab', url: 'https://t.me/x' } },
      ],
      false,
    ],
    ['nothing', [], false],
  ])('%s → %s', (_title, channels, expected) => {
    expect(onlyOwnChat(channels)).toBe(expected);
  });
});

// The rows of the former host/service-link.test.ts (parseServiceLink), read through serviceChannels.
describe('the online desk of a service link value', () => {
  const online = (value: string | null) =>
    serviceChannels(input(value)).channels.find((c) => c.name === 'online')?.target ?? null;
  it.each([
    ['1|["https://help.example/a","https://help.example/b"]', { kind: 'tab', url: 'https://help.example/a' }],
    ['0|["https://help.example/page"]', { kind: 'dialog', url: 'https://help.example/page' }],
    [
      '2|["https://chat.example/room?id=7"]',
      { kind: 'tab', url: 'https://chat.example/room?id=7&language=en' },
    ],
    ['2|["https://chat.example/?language=fr"]', { kind: 'tab', url: 'https://chat.example/?language=en' }],
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
    ['1|["javascript:alert(1)", 5, "https://ok.example/"]', { kind: 'tab', url: 'https://ok.example/' }],
  ])('reads %s', (value, expected) => {
    expect(online(value)).toEqual(expected);
  });

  it.each([null, '', '1|[]', '1|["not a url"]', '0|[null]', '1|{"a":1}', '1|[{"name":"x"}]'])(
    'gives none for %s',
    (value) => {
      expect(online(value)).toBeNull();
    },
  );
});
