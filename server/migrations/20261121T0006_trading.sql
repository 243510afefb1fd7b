-- Trading (market mode): orders and positions of real and demo accounts, per-brand trading settings and the
-- trading prohibition of a user. Prices and amounts are NUMERIC; instants the engine reasons about (the
-- 3-minute rule, the daily rollover) are bigint ms taken from the engine's clock, so tests can move time.

alter table users add column trading_prohibited boolean not null default false;

create table orders (
  id bigserial primary key,
  -- Order number shown to the user.
  uid text not null unique,
  user_id bigint not null references users (id) on delete restrict,
  -- Demo account (true) or real account (false); the ledger account is the user's account of that kind.
  virtual boolean not null,
  trade_pair text not null,
  product_name text not null,
  -- 0 buy, 1 sell.
  order_type smallint not null check (order_type in (0, 1)),
  -- 1 pending (at a price), 2 market.
  buy_point smallint not null check (buy_point in (1, 2)),
  -- 1 pending, 2 open, 3 closed, 4 cancelled or failed.
  position_status smallint not null check (position_status between 1 and 4),
  -- Limit price of a pending order, 0 for a market order.
  price numeric not null default 0 check (price >= 0),
  -- Fill price (the limit price while pending).
  opening_price numeric not null check (opening_price > 0),
  closing_price numeric,
  stop_price numeric check (stop_price > 0),
  take_profit_price numeric check (take_profit_price > 0),
  order_quantity numeric not null check (order_quantity > 0),
  contract_size numeric not null check (contract_size > 0),
  multiple int not null check (multiple > 0),
  -- USD margin locked by the order (released at close or cancel).
  margin numeric(28, 8) not null check (margin >= 0),
  fee_amount numeric(28, 8) not null default 0 check (fee_amount >= 0),
  overnight_fee numeric(28, 8) not null default 0 check (overnight_fee >= 0),
  -- Realised P&L in USD once closed.
  profit_loss numeric(28, 8) not null default 0,
  close_reason text check (close_reason in ('manual', 'stop_loss', 'take_profit', 'stop_out', 'cancelled', 'failed')),
  order_time bigint not null,
  transaction_time bigint,
  closing_time bigint,
  -- Start (ms) of the last UTC day whose overnight fee was charged: a rollover never charges a day twice.
  overnight_until bigint,
  brand_id text not null,
  check ((position_status = 3) = (closing_price is not null))
);

create index orders_account_status on orders (user_id, virtual, position_status, order_time desc);
-- Open and pending orders are restored into the trigger book at start.
create index orders_live on orders (position_status) where position_status in (1, 2);
create index orders_account_closing on orders (user_id, virtual, closing_time desc) where position_status = 3;

-- Per-brand trading rules; a brand without a row uses the engine's defaults.
create table trading_brand_settings (
  brand_id text primary key references brands (id) on delete cascade,
  -- Total real deposits needed to trade forex (code 320); null: no such rule.
  forex_min_deposit numeric check (forex_min_deposit >= 0),
  -- Refuse an order opposite to an open position of the same pair (code 321).
  forbid_opposite boolean not null,
  -- Stop-out when equity < stop_out_level x locked margin (0.5 = 50 %).
  stop_out_level numeric not null check (stop_out_level >= 0)
);
