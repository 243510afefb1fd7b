/**
 * The customer-service link of spec §3/§4: `getCustomerLink` answers "type|[json list]". Type 0 shows the
 * page in an in-app alert dialog, type 1 (default) opens the first URL in a new tab, type 2 opens the
 * chat link with language en.
 */

/** What the service icon does. */
export type ServiceAction =
  { kind: 'tab'; url: string } | { kind: 'dialog'; url: string } | { kind: 'chat'; url: string };

/** An entry is a URL string or a channel object `{ name, url }` (the reference server's form). */
function entryUrl(entry: unknown): unknown {
  return typeof entry === 'object' && entry !== null ? (entry as { url?: unknown }).url : entry;
}

function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    // Only web links: a javascript: or data: entry in a misconfigured list must never open.
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function urls(list: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(list);
  } catch {
    parsed = [list];
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  return items.map((item) => safeUrl(entryUrl(item))).filter((u): u is string => u !== null);
}

/** Parses the service link value; null when it holds no usable URL. */
export function parseServiceLink(value: string | null | undefined): ServiceAction | null {
  if (!value) return null;
  const bar = value.indexOf('|');
  const type = bar >= 0 ? value.slice(0, bar).trim() : '1';
  const url = urls(bar >= 0 ? value.slice(bar + 1) : value)[0];
  if (!url) return null;
  if (type === '0') return { kind: 'dialog', url };
  if (type === '2') {
    const chat = new URL(url);
    chat.searchParams.set('language', 'en');
    return { kind: 'chat', url: chat.toString() };
  }
  return { kind: 'tab', url };
}
