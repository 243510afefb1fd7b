-- Option mode (spec §3, §4): one option product per instrument with its delivery times, the option orders of
-- real and demo accounts, and a short record of the prices seen, so that an option whose expiry passed while
-- the server was stopped settles at the price that was current at its end time. Instants are bigint ms of the
-- options clock (tests move it); money and prices are NUMERIC.

create table option_products (
  id serial primary key,
  product_code text not null unique references instruments (product_code) on delete cascade,
  -- Fee = amount x fee_rate, rounded up to the cent.
  fee_rate numeric not null check (fee_rate >= 0 and fee_rate < 1),
  -- 1 tradable, 0 not.
  trade_status smallint not null check (trade_status in (0, 1)),
  -- Delivery time in seconds -> 'time|profitRate^chips^max|min' with an optional '^name' (validated on write).
  time_rate_payload jsonb not null check (jsonb_typeof(time_rate_payload) = 'object'),
  updated_at timestamptz not null default now()
);

create table option_orders (
  id bigserial primary key,
  -- Order number shown to the user.
  uid text not null unique,
  user_id bigint not null references users (id) on delete restrict,
  -- Demo account (true) or real account (false); account_id is the user's ledger account of that kind.
  virtual boolean not null,
  account_id bigint not null references ledger_accounts (id) on delete restrict,
  brand_id text not null,
  options_product_id int not null references option_products (id) on delete restrict,
  trade_pair text not null,
  product_name text not null,
  -- 0 buy (up), 1 sell (down).
  order_type smallint not null check (order_type in (0, 1)),
  -- Entry: the server's quote (bid) at acceptance.
  price numeric not null check (price > 0),
  -- The last price at or before end_time, once settled.
  price_end numeric check (price_end > 0),
  -- Profit rate / 100.
  rate numeric not null check (rate > 0),
  amount numeric(28, 8) not null check (amount > 0),
  fee_amount numeric(28, 8) not null check (fee_amount >= 0),
  time_long int not null check (time_long > 0),
  begin_time bigint not null,
  end_time bigint not null check (end_time > begin_time),
  complete_time bigint,
  -- Profit (win), -amount (loss) or 0 (tie), fee not included; null while running.
  win_lost numeric(28, 8),
  -- 0 running, 1 finished.
  position_status smallint not null default 0 check (position_status in (0, 1)),
  check ((position_status = 1) = (complete_time is not null)),
  check ((position_status = 1) = (price_end is not null)),
  check ((position_status = 1) = (win_lost is not null))
);

-- The settler takes due options per instrument.
create index option_orders_due on option_orders (trade_pair, end_time) where position_status = 0;
create index option_orders_account on option_orders (user_id, virtual, position_status, begin_time desc);
create index option_orders_settled on option_orders (user_id, virtual, complete_time desc) where position_status = 1;

-- Prices (bids) seen by a server for instruments with running options, kept about two hours.
create table option_price_marks (
  symbol text not null,
  at bigint not null,
  price numeric not null check (price > 0),
  primary key (symbol, at)
);
