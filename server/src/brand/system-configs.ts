import type { BrandSettings, SystemConfigEntry } from '../../../src/core/contract/types';

/** Config names of spec §3 (system config) and the feature flags of §6, in the order they are listed. */
export const SYSTEM_CONFIG_NAMES = [
  'VIRTUAL_CURRENCY_TRADE',
  'Contract',
  'OptionMock',
  'PHONE_REGISTER',
  'user/bindEmail',
  'user/privacy',
  'user/bankCard',
  'NO_WALLET_WITHDRAW',
  'depositType',
  'depositBanNewFlow',
  'depositHideCrypto',
  'depositHideQRCode',
  'disableDeposit',
  'twoTypeVerified',
  'addVerifiedEmail',
  'showVerified',
  'hideRegisterInviteCode',
  'canBindEmail',
  'user/myWallet',
  'user/loan',
  'user/standards',
  'user/juniorVerified',
  'user/cryptoWallet',
  // Phone registration verifies the number by SMS; off: an image captcha instead (getImageCode).
  'PHONE_SMS_VERIFY',
] as const;

/** One config name. */
export type SystemConfigName = (typeof SYSTEM_CONFIG_NAMES)[number];

/** Names whose value follows from the brand settings, so settings and flags can never disagree. */
type Derived = 'Contract' | 'PHONE_REGISTER' | 'depositType' | 'showVerified' | 'user/juniorVerified';

/** The switches a brand chooses freely. */
export type BrandFlags = Record<Exclude<SystemConfigName, Derived>, boolean>;

/** The full §3 config list of a brand: derived entries from its settings, the rest from its flags. */
export function buildSystemConfigs(
  settings: Pick<BrandSettings, 'tradeModes' | 'registerTypes' | 'depositTypes' | 'verifyStyle'>,
  flags: BrandFlags,
): SystemConfigEntry[] {
  const derived: Record<Derived, SystemConfigEntry> = {
    Contract: { name: 'Contract', enable: settings.tradeModes.includes('market') },
    PHONE_REGISTER: { name: 'PHONE_REGISTER', enable: settings.registerTypes.includes('P') },
    depositType: { name: 'depositType', enable: true, value: settings.depositTypes.join(',') },
    showVerified: { name: 'showVerified', enable: settings.verifyStyle !== 'junior' },
    'user/juniorVerified': { name: 'user/juniorVerified', enable: settings.verifyStyle !== 'advanced' },
  };
  return SYSTEM_CONFIG_NAMES.map((name) =>
    name in derived ? derived[name as Derived] : { name, enable: flags[name as keyof BrandFlags] },
  );
}
