/**
 * The customer-service channels of a brand (spec §2 Customer service, §3 service config and service link, §4
 * service link type) and what each service button does. One function decides, from the runtime config's
 * contacts and the `getCustomerLink` value, the target of every channel card and of the lone service button
 * (login card, deposit-disabled notice, user menu, account dialog, home and top-bar icons).
 */

/** A channel of the service page, in the order the page shows them. */
export type ServiceChannelName = 'online' | 'telegram' | 'whatsapp' | 'email';

/**
 * Where a press goes: `chat` the brand's own live chat (this site's `<tk-support>`), `dialog` a page framed in
 * an in-app dialog (link type 0), `tab` a new browser tab (type 1, and type 2 with `language=en`), `mail` the
 * mail client.
 */
export type ServiceTarget =
  | { kind: 'chat' }
  | { kind: 'dialog'; url: string }
  | { kind: 'tab'; url: string }
  | { kind: 'mail'; url: string; address: string };

export interface ServiceChannel {
  name: ServiceChannelName;
  target: ServiceTarget;
}

/** What the lone service button does: a channel's target, or the service page that lists them. */
export type ServiceButtonTarget = ServiceTarget | { kind: 'page' };

export interface ServiceChannels {
  channels: readonly ServiceChannel[];
  /** Null when the brand configures no channel at all (the button hides). */
  button: ServiceButtonTarget | null;
}

/** The inputs: `/config.json` contacts, the `getCustomerLink` value (null until loaded) and the site origin. */
export interface ServiceInput {
  support: { url: string; telegram: string; whatsapp: string; email: string };
  link: string | null;
  /** The origin the site is served from: an online link there is the brand's own live chat. */
  origin: string;
}

const CHANNEL_ORDER: readonly ServiceChannelName[] = ['online', 'telegram', 'whatsapp', 'email'];
// An address of the form a@b.c without spaces or angle brackets: anything else is not offered as mailto.
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * A web link (http or https) as a URL, or with `base` also a path of that site (`/support/chat`); null for
 * anything else, so a `javascript:` entry or stray text never opens.
 */
export function webUrl(value: unknown, base?: string): URL | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const path = text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\');
  if (text === '' || (path && !base)) return null;
  try {
    const url = path ? new URL(text, base) : new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The link value split into its type (0, 1 or 2; 1 when absent or unknown) and its list entries. */
export function splitServiceLink(value: string): { type: 0 | 1 | 2; entries: unknown[] } {
  const bar = value.indexOf('|');
  const raw = bar >= 0 ? value.slice(0, bar).trim() : '1';
  const list = bar >= 0 ? value.slice(bar + 1) : value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(list);
  } catch {
    parsed = [list];
  }
  const type = raw === '0' ? 0 : raw === '2' ? 2 : 1;
  return { type, entries: Array.isArray(parsed) ? parsed : [parsed] };
}

/** The link list by channel: named entries `{ name, url }` by name, a bare URL string as the online desk. */
function linkUrls(entries: readonly unknown[]): Partial<Record<ServiceChannelName, unknown>> {
  const found: Partial<Record<ServiceChannelName, unknown>> = {};
  for (const entry of entries) {
    const named =
      typeof entry === 'object' && entry !== null ? (entry as { name?: unknown; url?: unknown }) : null;
    const name = named ? named.name : 'online';
    const url = named ? named.url : entry;
    if (typeof name !== 'string' || !(CHANNEL_ORDER as readonly string[]).includes(name)) continue;
    const key = name as ServiceChannelName;
    // The first usable entry of a channel wins (spec §4 type 1: "a URL from the list", the first).
    if (found[key] === undefined && webUrl(url, 'http://x.invalid') !== null) found[key] = url;
  }
  return found;
}

function onlineTarget(url: URL, type: 0 | 1 | 2, origin: string): ServiceTarget {
  if (url.origin === origin) return { kind: 'chat' };
  if (type === 0) return { kind: 'dialog', url: url.toString() };
  if (type === 2) url.searchParams.set('language', 'en');
  return { kind: 'tab', url: url.toString() };
}

/**
 * The brand's channels and the lone button's target. The online desk comes from the link list (else the
 * config's `url`); one on this site's origin is the brand's own live chat, another follows the link type.
 * Telegram and WhatsApp (link list, else config) always open in a tab: their apps take over from there and
 * their pages refuse to be framed. The button follows the online desk when it is another site's (as §4
 * describes the service link), and otherwise opens the service page; with only one other channel, that one.
 */
export function serviceChannels({ support, link, origin }: ServiceInput): ServiceChannels {
  const { type, entries } = link ? splitServiceLink(link) : { type: 1 as const, entries: [] };
  const listed = linkUrls(entries);
  const channels: ServiceChannel[] = [];
  // Relative entries (`/support/chat`) are on this site: resolve them against its origin.
  const online = webUrl(listed.online ?? support.url, origin);
  if (online) channels.push({ name: 'online', target: onlineTarget(online, type, origin) });
  for (const name of ['telegram', 'whatsapp'] as const) {
    const url = webUrl(listed[name] ?? support[name]);
    if (url) channels.push({ name, target: { kind: 'tab', url: url.toString() } });
  }
  const address = support.email.trim();
  if (EMAIL.test(address))
    channels.push({ name: 'email', target: { kind: 'mail', url: `mailto:${address}`, address } });
  return { channels, button: buttonTarget(channels) };
}

function buttonTarget(channels: readonly ServiceChannel[]): ServiceButtonTarget | null {
  const online = channels.find((channel) => channel.name === 'online');
  if (online && online.target.kind !== 'chat') return online.target;
  if (channels.length === 1 && !online) return channels[0]!.target;
  return channels.length > 0 ? { kind: 'page' } : null;
}

/** Whether the service page shows the live chat in place of the cards: the brand's own chat is its only channel. */
export function onlyOwnChat(channels: readonly ServiceChannel[]): boolean {
  return channels.length === 1 && channels[0]!.target.kind === 'chat';
}
