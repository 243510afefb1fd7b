/**
 * Per-brand trading rules (table `trading_brand_settings`): the forex deposit rule (320), whether opposite
 * positions are forbidden (321) and the stop-out level. The reference brands are written once at start and
 * never overwritten, so an operator's change survives restarts.
 */
import type { Queryable } from '../db/types';

/** The trading rules of one brand. */
export interface TradingSettings {
  /** Total real deposits (USD) needed before trading forex; null: no such rule. Demo is exempt. */
  forexMinDeposit: string | null;
  /** Refuse an order opposite to an open position of the same pair (hedging not offered). */
  forbidOpposite: boolean;
  /** Stop-out when equity falls below this fraction of the locked margin (0.5 = 50 %). */
  stopOutLevel: string;
}

/** Rules of a brand without a row: spec §9's 100,000 USD forex rule, hedging allowed, stop-out at 50 %. */
export const DEFAULT_TRADING_SETTINGS: TradingSettings = {
  forexMinDeposit: '100000',
  forbidOpposite: false,
  stopOutLevel: '0.5',
};

/** The reference brands' rules: aurora forbids hedging, meridian has no forex deposit rule. */
export const BRAND_TRADING_SEEDS: Record<string, TradingSettings> = {
  tradekit: DEFAULT_TRADING_SETTINGS,
  aurora: { ...DEFAULT_TRADING_SETTINGS, forbidOpposite: true },
  meridian: { ...DEFAULT_TRADING_SETTINGS, forexMinDeposit: null, stopOutLevel: '0.3' },
};

interface Row {
  brand_id: string;
  forex_min_deposit: string | null;
  forbid_opposite: boolean;
  stop_out_level: string;
}

/** Writes the seeds of brands that have no row yet, then reads every brand's rules. */
export async function loadTradingSettings(db: Queryable): Promise<Map<string, TradingSettings>> {
  for (const [brandId, s] of Object.entries(BRAND_TRADING_SEEDS)) {
    await db.query(
      `insert into trading_brand_settings (brand_id, forex_min_deposit, forbid_opposite, stop_out_level)
       select $1, $2, $3, $4 where exists (select 1 from brands where id = $1)
       on conflict (brand_id) do nothing`,
      [brandId, s.forexMinDeposit, s.forbidOpposite, s.stopOutLevel],
    );
  }
  const { rows } = await db.query<Row>('select * from trading_brand_settings');
  return new Map(
    rows.map((r) => [
      r.brand_id,
      {
        forexMinDeposit: r.forex_min_deposit,
        forbidOpposite: r.forbid_opposite,
        stopOutLevel: r.stop_out_level,
      },
    ]),
  );
}
