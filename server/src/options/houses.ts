/**
 * House accounts of option mode. Stakes wait in an escrow account until the option settles (so the stake
 * is neither the user's balance nor their locked margin, which the market-mode stop-out reads); fees go to a
 * fees account; the house pays wins from and takes losses into a P&L account. Like trading, every purpose is
 * striped by user id so concurrent orders of different users rarely wait on one house row; demo and real
 * money have their own stripes.
 */
import type { Db } from '../db/types';

export const OPTION_HOUSE_STRIPES = 32;

export type OptionHousePurpose = 'stakes' | 'fees' | 'pnl';

/** The kind of one stripe (`house_options_stakes_real_3`). */
export function optionHouseKind(
  purpose: OptionHousePurpose,
  virtual: boolean,
  stripe: number,
): `house_${string}` {
  return `house_options_${purpose}_${virtual ? 'demo' : 'real'}_${stripe}`;
}

export type OptionHouseFinder = (purpose: OptionHousePurpose, virtual: boolean, userId: string) => string;

/** Opens (once, committed) every stripe and answers the finder over their ids. */
export async function openOptionHouses(db: Db): Promise<OptionHouseFinder> {
  const kinds = (['stakes', 'fees', 'pnl'] as const).flatMap((purpose) =>
    [false, true].flatMap((virtual) =>
      Array.from({ length: OPTION_HOUSE_STRIPES }, (_, stripe) => optionHouseKind(purpose, virtual, stripe)),
    ),
  );
  const rows = await db.transaction(async (tx) => {
    await tx.query(
      `insert into ledger_accounts (owner_kind, kind) select 'house', k from unnest($1::text[]) as t (k)
         on conflict (kind) where owner_kind = 'house' do nothing`,
      [kinds],
    );
    const found = await tx.query<{ id: string; kind: string }>(
      `select id, kind from ledger_accounts where owner_kind = 'house' and kind = any($1::text[])`,
      [kinds],
    );
    return found.rows;
  });
  const ids = new Map(rows.map((row) => [row.kind, row.id]));
  if (ids.size !== kinds.length) throw new Error('the option house accounts could not be opened');
  return (purpose, virtual, userId) =>
    ids.get(
      optionHouseKind(purpose, virtual, Number(BigInt(userId) % BigInt(OPTION_HOUSE_STRIPES))),
    ) as string;
}
