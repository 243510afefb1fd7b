/** A complete config.json body as the reference server writes it, for tests of the client core. */
export function sampleConfigJson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    siteTitle: 'TradeKit Demo',
    version: '1.152',
    brand: {
      id: 'demo',
      name: 'TradeKit',
      logoUrl: '/logo.svg',
      defaultTradeMode: 'market',
      tradeModes: ['market', 'option'],
      tradeList: [3, 2, 1, 4],
      theme: 'light',
      colors: { up: '#1e6bd6', down: '#d63b3b' },
      timezone: 'America/New_York',
      languages: ['en', 'ja'],
      defaultLanguage: 'en',
      registerTypes: ['E'],
      depositTypes: ['crypto'],
      verifyStyle: 'both',
      template: 1,
      bannerCount: 3,
      homeSymbols: ['EURUSD', 'XAUUSD', 'BTCUSDT'],
    },
    support: { url: '', telegram: '', whatsapp: '', email: 'help@example.com' },
    services: {
      api: '/v1',
      market: '/market',
      marketWs: '/market-ws',
      exchange: '/exchange',
      exchangeWs: '/exchange-ws',
    },
    fetchTimeout: 0,
    ...overrides,
  };
}
