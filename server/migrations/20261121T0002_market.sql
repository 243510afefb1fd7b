-- Market: tradable instruments (spec §3 "Product order info"). Prices, lots and fees are numeric without a
-- fixed scale, so a value keeps the scale it was written with ('0.01' reads back as '0.01').

create table instruments (
  product_code text primary key,
  product_name text not null,
  type smallint not null check (type between 1 and 5),
  -- Rank within the category; null or non-positive: no valid sort (listed last).
  sort int,
  min_count numeric not null check (min_count > 0),
  max_count numeric not null check (max_count >= min_count),
  count_num numeric not null check (count_num > 0),
  multiple int not null check (multiple > 0),
  pip numeric not null check (pip > 0),
  price_precision smallint not null check (price_precision between 0 and 12),
  contract_size numeric not null check (contract_size > 0),
  -- SessionHours[7], index 0 = Sunday, "HH:mm" UTC as of US standard time (one hour earlier during US DST).
  sessions jsonb not null check (jsonb_typeof(sessions) = 'array' and jsonb_array_length(sessions) = 7),
  trade_status smallint not null check (trade_status in (0, 1)),
  logo_url text not null,
  fee_type text not null check (fee_type in ('PERCENTAGE', 'FIX_AMOUNT')),
  -- PERCENTAGE: percent of the notional (0.2 = 0.2 %); FIX_AMOUNT: USD per lot.
  fee_value numeric not null check (fee_value >= 0),
  updated_at timestamptz not null default now()
);

create index instruments_type_sort on instruments (type, sort);
