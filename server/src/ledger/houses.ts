/**
 * Striped house accounts: a user's money of one purpose goes to stripe `userId mod stripes`, so concurrent
 * orders of different users rarely wait on one shared house row. Demo and real money have their own stripes.
 * Trading and option mode each open their own set (`house_<area>_<purpose>_<real|demo>_<stripe>`).
 */
import type { Db } from '../db/types';

/** The kind of one stripe (`house_trading_fees_real_3`). */
export function stripedHouseKind(
  area: string,
  purpose: string,
  virtual: boolean,
  stripe: number,
): `house_${string}` {
  return `house_${area}_${purpose}_${virtual ? 'demo' : 'real'}_${stripe}`;
}

/** Finds the house account a user's movement of `purpose` goes to. */
export type StripedHouseFinder<P extends string> = (purpose: P, virtual: boolean, userId: string) => string;

/**
 * Opens (once, committed) every stripe of `area` and answers the finder over their ids: two statements for
 * all stripes, not one round trip per stripe, since every app start opens them.
 */
export async function openStripedHouses<P extends string>(
  db: Db,
  area: string,
  purposes: readonly P[],
  stripes: number,
): Promise<StripedHouseFinder<P>> {
  const kinds = purposes.flatMap((purpose) =>
    [false, true].flatMap((virtual) =>
      Array.from({ length: stripes }, (_, stripe) => stripedHouseKind(area, purpose, virtual, stripe)),
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
  if (ids.size !== kinds.length) throw new Error(`the ${area} house accounts could not be opened`);
  return (purpose, virtual, userId) =>
    ids.get(stripedHouseKind(area, purpose, virtual, Number(BigInt(userId) % BigInt(stripes)))) as string;
}
