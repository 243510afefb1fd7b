/**
 * Per-brand trading rules (table `trading_brand_settings`): the forex deposit rule (320), whether opposite
 * positions are forbidden (321), the stop-out level and the retail-client protections (issue #25). The reference brands are written once at start and
 * never overwritten, so an operator's change survives restarts.
 */
import {
  ESMA_LEVERAGE,
  parseLeverageTable,
  RETAIL_STOP_OUT_FLOOR,
  type LeverageTable,
  type RetailProtection,
} from '../../../src/core/domain/leverage-caps';
import { compare } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';

/** The trading rules of one brand. */
export interface TradingSettings {
  /** Total real deposits (USD) needed before trading forex; null: no such rule. Demo is exempt. */
  forexMinDeposit: string | null;
  /** Refuse an order opposite to an open position of the same pair (hedging not offered). */
  forbidOpposite: boolean;
  /** Stop-out when equity falls below this fraction of the locked margin (0.5 = 50 %). */
  stopOutLevel: string;
  /** Retail-client protections: leverage caps (real and demo) and the 50 % close-out floor (real). */
  retailProtection: boolean;
  /** The brand's leverage table (ESMA's unless it set its own). */
  leverageCaps: LeverageTable;
}

/**
 * Rules of a brand without a row: spec §9's 100,000 USD forex rule, hedging allowed, stop-out at 50 %,
 * retail protections on with ESMA's table.
 */
export const DEFAULT_TRADING_SETTINGS: TradingSettings = {
  forexMinDeposit: '100000',
  forbidOpposite: false,
  stopOutLevel: '0.5',
  retailProtection: true,
  leverageCaps: ESMA_LEVERAGE,
};

/**
 * The reference brands' rules: aurora forbids hedging; meridian, the brand of professional clients, has no
 * forex deposit rule, stops out at 30 % and offers the catalogue's leverage (protections off, PR2).
 */
export const BRAND_TRADING_SEEDS: Record<string, TradingSettings> = {
  tradekit: DEFAULT_TRADING_SETTINGS,
  aurora: { ...DEFAULT_TRADING_SETTINGS, forbidOpposite: true },
  meridian: {
    ...DEFAULT_TRADING_SETTINGS,
    forexMinDeposit: null,
    stopOutLevel: '0.3',
    retailProtection: false,
  },
};

/** The brand's protections as the pure functions of `leverage-caps.ts` take them. */
export function protectionOf(settings: TradingSettings): RetailProtection {
  return { on: settings.retailProtection, caps: settings.leverageCaps };
}

/**
 * The stop-out level that applies to an account: the brand's, raised to the 50 % floor for a real account
 * while protections are on (PR5: a brand's lower level would let a retail client lose more of the margin
 * before the close-out than the regulator allows). Demo keeps the brand's level: no client money is at stake.
 */
export function stopOutLevelOf(settings: TradingSettings, virtual: boolean): string {
  if (virtual || !settings.retailProtection) return settings.stopOutLevel;
  return compare(settings.stopOutLevel, RETAIL_STOP_OUT_FLOOR) < 0
    ? RETAIL_STOP_OUT_FLOOR
    : settings.stopOutLevel;
}

interface Row {
  brand_id: string;
  forex_min_deposit: string | null;
  forbid_opposite: boolean;
  stop_out_level: string;
  retail_protection: boolean;
  leverage_caps: unknown;
}

/** Writes the seeds of brands that have no row yet, then reads every brand's rules. */
export async function loadTradingSettings(db: Queryable): Promise<Map<string, TradingSettings>> {
  for (const [brandId, s] of Object.entries(BRAND_TRADING_SEEDS)) {
    await db.query(
      `insert into trading_brand_settings
         (brand_id, forex_min_deposit, forbid_opposite, stop_out_level, retail_protection)
       select $1, $2, $3, $4, $5 where exists (select 1 from brands where id = $1)
       on conflict (brand_id) do nothing`,
      [brandId, s.forexMinDeposit, s.forbidOpposite, s.stopOutLevel, s.retailProtection],
    );
  }
  const { rows } = await db.query<Row>('select * from trading_brand_settings');
  return new Map(
    rows.map((r) => {
      const caps = parseLeverageTable(
        typeof r.leverage_caps === 'string' ? JSON.parse(r.leverage_caps) : r.leverage_caps,
      );
      // A wrong table stops the start: trading on with caps nobody set would be worse (PR3).
      if ('error' in caps) throw new Error(`brand ${r.brand_id}: leverage_caps has a wrong "${caps.error}"`);
      return [
        r.brand_id,
        {
          forexMinDeposit: r.forex_min_deposit,
          forbidOpposite: r.forbid_opposite,
          stopOutLevel: r.stop_out_level,
          retailProtection: r.retail_protection,
          leverageCaps: caps,
        },
      ];
    }),
  );
}
