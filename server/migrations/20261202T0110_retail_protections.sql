-- Retail-client protections (issue #25, decisions PR1–PR12). Per brand: on unless the brand turns them off,
-- with its own leverage table (null: ESMA's; a JSON object of asset class → highest multiple, checked by the
-- server on load, src/core/domain/leverage-caps.ts).
alter table trading_brand_settings
  add column retail_protection boolean not null default true,
  add column leverage_caps jsonb check (leverage_caps is null or jsonb_typeof(leverage_caps) = 'object');

-- The part of a close's market loss the house absorbed so the balance stopped at 0.00 (negative-balance
-- protection, PR7): profit_loss stays what the account was credited or debited, so the true market P&L is
-- profit_loss - absorbed_loss.
alter table orders
  add column absorbed_loss numeric(28, 8) not null default 0 check (absorbed_loss >= 0);
