/**
 * The client's version and the start-up check of spec §4: a runtime config written for another version
 * means the loaded scripts are out of date (the host then reloads from "/").
 */
import type { RuntimeConfig } from '../contract/types';

/** Version of this client (spec §1: "Version number shown is 1.152"). */
export const CLIENT_VERSION = '1.152';

/** "v1.152.0" → "1.152": no leading v, no trailing ".0" segments, so equal versions compare equal. */
export function normalizeVersion(version: string): string {
  const parts = version.trim().replace(/^v/i, '').split('.');
  while (parts.length > 1 && /^0+$/.test(parts.at(-1) ?? '')) parts.pop();
  return parts.join('.');
}

/** True when the runtime config was written for this client version. */
export function checkVersion(
  config: Pick<RuntimeConfig, 'version'>,
  clientVersion = CLIENT_VERSION,
): boolean {
  return normalizeVersion(String(config.version)) === normalizeVersion(clientVersion);
}
