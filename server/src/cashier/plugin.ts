import fp from 'fastify-plugin';
import { env } from 'node:process';
import { coinRoutes } from './routes';
import { createSealer, loadCashierKey, type Sealer } from './sealed';

export type { Sealer } from './sealed';

/** What the cashier modules (wallets, deposits, withdrawals, bank cards, back office) share. */
export interface CashierCore {
  /** Seals and opens personal cashier data at rest (bank card fields, withdrawal addresses). */
  sealer: Sealer;
  /** The bid of a market instrument now (coin → USD), or undefined without a market or a price. */
  bidOf(symbol: string): string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    cashier: CashierCore;
  }
}

export interface CashierPluginOptions {
  /** base64 of 32 bytes; else `CASHIER_KEY`, else a key created once in the database. */
  cashierKey?: string;
}

/** The cashier's shared core: the at-rest key, coin prices and the coin list. Feature modules add their routes. */
export const cashierPlugin = fp<CashierPluginOptions>(
  async (app, options) => {
    const key = await loadCashierKey(app.db, options.cashierKey ?? (env.CASHIER_KEY?.trim() || undefined));
    app.decorate('cashier', {
      sealer: createSealer(key),
      bidOf(symbol: string) {
        if (!app.hasDecorator('market')) return undefined;
        return app.market.book.entry(symbol, app.clock.now())?.bidPrice;
      },
    });
    coinRoutes(app);
  },
  { name: 'cashier', fastify: '5.x', dependencies: ['db', 'http', 'auth'] },
);

export default cashierPlugin;
