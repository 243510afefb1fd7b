-- Price alerts (issue #25, decisions AL1–AL12): a trader asks to be told when a symbol's bid or ask crosses a
-- level, or when its mid price moves by a percentage from where it stood when the alert was set or last edited.
-- The server arms every active alert in memory at start and fires each at most once (`state` moves from
-- 'active' to 'fired' in the transaction that writes the notification). Times are on the server's clock.
create table price_alerts (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  brand_id text,
  symbol text not null,
  mode text not null check (mode in ('market', 'option')),
  condition text not null check (condition in ('bid_above', 'bid_below', 'ask_above', 'ask_below', 'move_pct')),
  -- A bid/ask condition's level at the product's price precision; null for move_pct.
  level numeric,
  -- A move_pct alert's percentage (0.01–1000) and the mid price it measures from; null otherwise.
  percent numeric(7, 2),
  reference_price numeric,
  note text not null default '',
  state text not null default 'active' check (state in ('active', 'fired', 'removed')),
  -- Raised by every edit: a firing armed before the edit must not fire the edited alert (AL5).
  version integer not null default 1,
  created_ms bigint not null,
  updated_ms bigint not null,
  fired_ms bigint,
  fired_price numeric,
  removed_ms bigint,
  check ((condition = 'move_pct') = (level is null)),
  check ((condition = 'move_pct') = (percent is not null and reference_price is not null)),
  check (level is null or level > 0),
  check (percent is null or (percent >= 0.01 and percent <= 1000)),
  check ((state = 'fired') = (fired_ms is not null and fired_price is not null)),
  check ((state = 'removed') = (removed_ms is not null))
);

-- The user's active alerts (the limit count, the list) and every active alert at start.
create index price_alerts_active on price_alerts (user_id, id) where state = 'active';
-- The user's past alerts, newest first.
create index price_alerts_past on price_alerts (user_id, (coalesce(fired_ms, removed_ms)) desc) where state <> 'active';
