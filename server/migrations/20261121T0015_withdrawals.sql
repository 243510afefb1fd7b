-- Withdrawals (issue #13): the brand rules of the status check, the operators' freeze of a user's
-- withdrawals, and the bank-card withdrawal limits and fee. Tickets and money use 012 and the ledger.

-- Per-brand withdrawal rules; a brand without a row uses the defaults (no volume rule, open positions block).
create table withdrawal_brand_settings (
  brand_id text primary key references brands (id) on delete cascade,
  -- Trading volume (USD notional of filled real orders plus real option stakes) needed before a
  -- withdrawal (code 23557); null: no such rule.
  min_traded_volume numeric(28, 8) check (min_traded_volume >= 0),
  -- Open positions, pending orders or running options of the real account refuse a withdrawal (code 1070).
  block_open_positions boolean not null default true
);

-- An operator froze the user's withdrawals (code 1066 "account anomaly, contact support").
alter table users add column withdrawal_frozen boolean not null default false;

-- The bank-card withdrawal (spec §3 "Bank card withdraw meta"): limits in USD and its fee, like a coin's.
-- fee_type is free text on purpose: a type the quote does not know answers 'Not support feeType [x]'.
create table bank_withdraw_meta (
  id integer primary key,
  currency text not null default 'USD',
  min_withdraw numeric(28, 8) not null check (min_withdraw >= 0),
  max_withdraw numeric(28, 8) not null,
  fee_type text not null default '',
  fee_num numeric(28, 8) not null default 0 check (fee_num >= 0),
  enabled boolean not null default true,
  check (max_withdraw >= min_withdraw)
);

insert into bank_withdraw_meta (id, currency, min_withdraw, max_withdraw, fee_type, fee_num)
  values (1, 'USD', 50, 10000000, 'FIX_AMOUNT', 25);
