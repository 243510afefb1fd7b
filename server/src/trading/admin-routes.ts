/**
 * `POST /admin/v1/market/{symbol}/price` (outside production): pin a symbol's simulated bid, or release it.
 * The pinned tick goes through the engine at once and the answer waits for the work it caused (fills,
 * stop losses, take profits, stop-outs), so a script can steer a price through a level and check the result.
 */
import type { FastifyInstance } from 'fastify';
import { adminPricePin } from '../../../src/core/contract/admin-market';
import { Code } from '../../../src/core/contract/codes';
import {
  compare,
  div,
  fromScaledInt,
  isDecimal,
  mul,
  normalize,
  toFixed,
  toScaledInt,
} from '../../../src/core/domain/decimal';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import type { Instrument } from '../market';
import { instrumentFinder } from '../market';
import type { Engine } from './engine';
import { decimals } from './rules';

/** How far from its reference price a symbol may be pinned, either way (a factor). */
export const PIN_BAND = '1000';

/**
 * The bid to pin, or null unless it is a plain decimal with at most the instrument's precision, within
 * reference ÷ `PIN_BAND` … reference × `PIN_BAND` (so its units stay a safe integer and its candles sane).
 */
export function pinnableBid(
  value: unknown,
  instrument: Pick<Instrument, 'pricePrecision' | 'referencePrice'>,
): string | null {
  const bid = typeof value === 'string' ? value.trim() : '';
  if (!isDecimal(bid) || decimals(normalize(bid)) > instrument.pricePrecision) return null;
  const low = div(instrument.referencePrice, PIN_BAND, instrument.pricePrecision, 'up');
  const high = mul(instrument.referencePrice, PIN_BAND);
  if (compare(bid, low) < 0 || compare(bid, high) > 0 || compare(bid, '0') <= 0) return null;
  return toFixed(bid, instrument.pricePrecision);
}

/** Registers the price route. */
export function adminPriceRoute(app: FastifyInstance, engine: Engine): void {
  const find = instrumentFinder(app.market.instruments);
  route(app, adminPricePin, async (input, { audit }) => {
    const instrument = find(input.symbol);
    const symbol = instrument.productCode;
    const source = app.market.source;
    // The row is written first, so a refused pin rolls it back; the pin itself is in memory and cannot fail.
    const pinned = await audit.transaction(async (_tx, record) => {
      if (input.release) {
        await record({ action: 'market.price_release', objectKind: 'symbol', objectId: symbol });
        source.release(symbol);
        return undefined;
      }
      // Checked before the price source or a candle is touched: a refused pin changes nothing.
      const bid = pinnableBid(input.bid, instrument);
      if (bid === null) throw new BusinessError(Code.ORDER_PARAMETER);
      await record({
        action: 'market.price_pin',
        objectKind: 'symbol',
        objectId: symbol,
        after: { bid, holdMs: input.holdMs ?? null },
      });
      const units = Number(toScaledInt(bid, instrument.pricePrecision));
      const tick = source.pin(symbol, units, input.holdMs);
      if (!tick) throw new BusinessError(Code.ORDER_PARAMETER);
      return tick;
    });
    // Several processes (MP6): a follower forwarded the pin to the market's holder; the answer waits until the
    // holder's tick is back in this process's book. The work it causes runs where the lease `triggers` is.
    if (pinned) await source.whenQuoted(symbol, pinned.bid);
    await engine.idle();
    const quote = source.current(symbol);
    const price = (units: number | undefined) => fromScaledInt(units ?? 0, instrument.pricePrecision);
    return ok({ symbol, bid: price(quote?.bid), ask: price(quote?.ask), pinned: !input.release });
  });
}
