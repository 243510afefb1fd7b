import type { FastifyInstance } from 'fastify';
import { CoinList, type CoinOption } from '../../../src/core/contract/coins';
import { toMoney } from '../ledger';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { listCoins, type Coin } from './coins';

/** The spec's coin option of a coin row. */
export function toCoinOption(coin: Coin): CoinOption {
  return {
    id: coin.id,
    currency: coin.currency,
    protocol: coin.protocol,
    address: coin.address,
    said: coin.said,
    minWithdrawAmount: toMoney(coin.minWithdraw),
    maxWithdrawAmount: toMoney(coin.maxWithdraw),
    logoUrl: coin.logoUrl,
  };
}

/** `cryptocurrency/simple/find/all`: every enabled coin, in display order. */
export function coinRoutes(app: FastifyInstance): void {
  route(app, CoinList, async () => ok({ dtoList: (await listCoins(app.db)).map(toCoinOption) }));
}
