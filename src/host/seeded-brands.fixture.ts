/**
 * The seeded brands as the host sees them: the brand settings that change its pages and the system config
 * switches that are on. tests/integration/seeded-brands.test.ts holds this copy to the server's seeds
 * (server/src/brand/seed-data.ts), which the host's tests may not import.
 */
export interface SeededBrand {
  id: string;
  brand: {
    tradeModes: Array<'market' | 'option'>;
    defaultTradeMode: 'market' | 'option';
    verifyStyle: string;
  };
  /** The system config names that are on. */
  on: readonly string[];
}

export const SEEDED_BRANDS: readonly SeededBrand[] = [
  {
    id: 'tradekit',
    brand: { tradeModes: ['market', 'option'], defaultTradeMode: 'market', verifyStyle: 'both' },
    on: [
      'VIRTUAL_CURRENCY_TRADE',
      'Contract',
      'OptionMock',
      'PHONE_REGISTER',
      'user/bindEmail',
      'user/privacy',
      'user/bankCard',
      'depositType',
      'twoTypeVerified',
      'showVerified',
      'canBindEmail',
      'user/myWallet',
      'user/loan',
      'user/standards',
      'user/juniorVerified',
      'user/cryptoWallet',
      'PHONE_SMS_VERIFY',
    ],
  },
  {
    id: 'aurora',
    brand: { tradeModes: ['market'], defaultTradeMode: 'market', verifyStyle: 'advanced' },
    on: [
      'VIRTUAL_CURRENCY_TRADE',
      'Contract',
      'PHONE_REGISTER',
      'user/bindEmail',
      'user/privacy',
      'depositType',
      'depositHideQRCode',
      'twoTypeVerified',
      'addVerifiedEmail',
      'showVerified',
      'hideRegisterInviteCode',
      'canBindEmail',
      'user/myWallet',
      'user/standards',
      'user/cryptoWallet',
    ],
  },
  {
    id: 'meridian',
    brand: { tradeModes: ['option', 'market'], defaultTradeMode: 'option', verifyStyle: 'junior' },
    on: [
      'Contract',
      'OptionMock',
      'user/privacy',
      'user/bankCard',
      'depositType',
      'depositBanNewFlow',
      'user/loan',
      'user/juniorVerified',
      'user/cryptoWallet',
      'PHONE_SMS_VERIFY',
    ],
  },
];
