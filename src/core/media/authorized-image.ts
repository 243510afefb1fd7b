/**
 * Images of the platform fetched with the bearer token (spec §7: avatars and proofs are not public) and
 * cached per URL as object URLs; a HEIC answer is converted to JPEG at 0.7 before it is shown.
 */
import { convertHeic as defaultConvertHeic } from './converters';
import type { HeicConverter } from './converters';
import { HEIC_JPEG_QUALITY } from './image-rules';

/** What loadImage needs. */
export interface LoadImageOptions {
  token: string | null;
  fetchImpl?: typeof fetch;
  convertHeic?: HeicConverter;
  createObjectURL?: (blob: Blob) => string;
}

const cache = new Map<string, Promise<string>>();

/**
 * Whether an image URL belongs to the platform (only those get the token). Only http(s) URLs do: a `blob:`
 * preview has the page's origin too, but is shown as it is (the page policy does not let fetch read blob:).
 */
export function isPlatformUrl(url: string, platformOrigin: string): boolean {
  try {
    const parsed = new URL(url, `${platformOrigin}/`);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    return parsed.origin === new URL(platformOrigin).origin;
  } catch {
    return false;
  }
}

async function fetchAsObjectUrl(url: string, options: LoadImageOptions): Promise<string> {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetchImpl(url, { headers });
  if (!response.ok) throw new Error(`image ${url}: HTTP ${response.status}`);
  let blob = await response.blob();
  if (/^image\/hei[cf]/i.test(blob.type)) {
    blob = await (options.convertHeic ?? defaultConvertHeic)(blob, HEIC_JPEG_QUALITY);
  }
  return (options.createObjectURL ?? URL.createObjectURL)(blob);
}

/**
 * An object URL for a protected image, fetched once per URL; a failed load is forgotten so a later
 * render can retry. Rejects on failure.
 */
export function loadImage(url: string, options: LoadImageOptions): Promise<string> {
  const cached = cache.get(url);
  if (cached) return cached;
  const loading = fetchAsObjectUrl(url, options);
  cache.set(url, loading);
  loading.catch(() => cache.delete(url));
  return loading;
}

/** Forget every cached image (sign-out: the next user must not see the previous user's pictures). */
export function clearImageCache(revoke: (url: string) => void = URL.revokeObjectURL): void {
  for (const loading of cache.values()) loading.then(revoke, () => undefined);
  cache.clear();
}
