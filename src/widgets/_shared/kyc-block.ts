/**
 * Where a trader stopped by an identity rule goes next (issue #20 "show the trader why and how to verify"):
 * 1014 `identity-level` → the verification page of the brand (the advanced one where offered: an approved
 * advanced verification stands for junior too), 1156 `bind-email-first` → the bind-email page.
 */
import type { SystemConfigEntry } from '../../core/contract/brand';

/** The two codes of the identity rules (spec §8). */
export const IDENTITY_BLOCK_CODES = [1014, 1156] as const;

/** A way forward: the host path and the i18n key of its link (messages namespace). */
export interface BlockAction {
  to: string;
  label: string;
}

const on = (configs: readonly SystemConfigEntry[] | undefined, name: string) =>
  configs?.some((c) => c.name === name && c.enable) ?? false;

/** The way forward of a refusal code, or null (another code, or a brand offering no verification page). */
export function blockActionOf(
  code: number | null | undefined,
  configs: readonly SystemConfigEntry[] | undefined,
): BlockAction | null {
  if (code === 1156) return { to: '/user/bindEmail', label: 'kyc_notice.bind_email' };
  if (code !== 1014) return null;
  if (on(configs, 'showVerified')) return { to: '/user/verified', label: 'kyc_notice.verify' };
  if (on(configs, 'user/juniorVerified')) return { to: '/user/juniorVerified', label: 'kyc_notice.verify' };
  return null;
}
