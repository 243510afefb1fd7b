/**
 * `POST /admin/v1/market/{symbol}/price` (outside production): pin a symbol's simulated bid, or release it.
 * The pinned tick goes through the engine at once and the answer waits for the work it caused (fills,
 * stop losses, take profits, stop-outs), so a script can steer a price through a level and check the result.
 */
import type { FastifyInstance } from 'fastify';
import { adminPricePin } from '../../../src/core/contract/admin-market';
import { Code } from '../../../src/core/contract/codes';
import { fromScaledInt, toScaledInt } from '../../../src/core/domain/decimal';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { instrumentFinder } from '../market/routes';
import type { Engine } from './engine';
import { decimals } from './rules';

/** Registers the price route. */
export function adminPriceRoute(app: FastifyInstance, engine: Engine): void {
  const find = instrumentFinder(app.market.instruments);
  route(app, adminPricePin, async (input) => {
    const instrument = find(input.symbol);
    const symbol = instrument.productCode;
    const source = app.market.source;
    if (input.release) {
      source.release(symbol);
    } else {
      if (!input.bid || decimals(input.bid) > instrument.pricePrecision)
        throw new BusinessError(Code.ORDER_PARAMETER);
      const units = Number(toScaledInt(input.bid, instrument.pricePrecision));
      if (!source.pin(symbol, units, input.holdMs)) throw new BusinessError(Code.ORDER_PARAMETER);
    }
    await engine.idle();
    const quote = source.current(symbol);
    const price = (units: number | undefined) => fromScaledInt(units ?? 0, instrument.pricePrecision);
    return ok({ symbol, bid: price(quote?.bid), ask: price(quote?.ask), pinned: !input.release });
  });
}
