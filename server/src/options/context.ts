/** What the option operations share: the database, the clock, the trading engine's products and quotes. */
import type { Db } from '../db/types';
import type { BrandRecord } from '../brand';
import type { Engine } from '../trading';
import type { OptionHouseFinder } from './houses';
import type { PriceRecord } from './prices';

export interface OptionsContext {
  db: Db;
  /** The options clock (the trading engine's clock unless told otherwise). */
  now(): number;
  /** Products, quotes, the blocking rules of other modules (405, 406) and the demo account opener. */
  engine: Engine;
  brand(id: string): BrandRecord | undefined;
  house: OptionHouseFinder;
  prices: PriceRecord;
}
