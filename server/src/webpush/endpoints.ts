/**
 * Which push endpoints the server will send to. The endpoint comes from the browser, so without a rule anyone
 * signed in could make the server POST to any address (its own admin port, the cloud metadata service, an
 * intranet host): a server-side request forgery. Only the browser vendors' push services are taken, over
 * HTTPS on the default port; an operator running another push service (or a test) names its origins in
 * `WEB_PUSH_ORIGINS`. Redirects are never followed (sender.ts).
 */

/** Host names of the push services of Chrome/Edge/Opera, Firefox, Edge on Windows and Safari. */
const VENDOR_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/** True when `host` is a vendor push host or a subdomain of one (`wns2-par02p.notify.windows.com`). */
function vendorHost(host: string): boolean {
  return VENDOR_HOSTS.some((vendor) => host === vendor || host.endsWith(`.${vendor}`));
}

/**
 * True when the server may send to `endpoint`: an https URL on a vendor's push service (default port, no
 * credentials), or a URL whose origin is one of `extraOrigins` exactly.
 */
export function isAllowedEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && vendorHost(url.hostname.toLowerCase());
}

/** Parses `WEB_PUSH_ORIGINS` (comma-separated origins); throws on an entry that is not a bare origin. */
export function parsePushOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((entry) => {
    const trimmed = entry.trim();
    const url = new URL(trimmed);
    if (url.origin !== trimmed.replace(/\/$/, '') || !/^https?:$/.test(url.protocol))
      throw new Error(`WEB_PUSH_ORIGINS: ${trimmed} is not an origin (scheme://host[:port])`);
    return url.origin;
  });
}
