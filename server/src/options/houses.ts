/**
 * House accounts of option mode. Stakes wait in an escrow account until the option settles (so the stake
 * is neither the user's balance nor their locked margin, which the market-mode stop-out reads); fees go to a
 * fees account; the house pays wins from and takes losses into a P&L account. Like trading, every purpose is
 * striped by user id so concurrent orders of different users rarely wait on one house row; demo and real
 * money have their own stripes.
 */
import type { Db } from '../db/types';
import { openStripedHouses, stripedHouseKind, type StripedHouseFinder } from '../ledger';

export const OPTION_HOUSE_STRIPES = 32;

export type OptionHousePurpose = 'stakes' | 'fees' | 'pnl';

/** The kind of one stripe (`house_options_stakes_real_3`). */
export function optionHouseKind(
  purpose: OptionHousePurpose,
  virtual: boolean,
  stripe: number,
): `house_${string}` {
  return stripedHouseKind('options', purpose, virtual, stripe);
}

export type OptionHouseFinder = StripedHouseFinder<OptionHousePurpose>;

/** Opens (once, committed) every stripe and answers the finder over their ids. */
export function openOptionHouses(db: Db): Promise<OptionHouseFinder> {
  return openStripedHouses(db, 'options', ['stakes', 'fees', 'pnl'], OPTION_HOUSE_STRIPES);
}
