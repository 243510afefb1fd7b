-- Web Push (issue #25): one row per browser that asked to be told of notifications while the app is closed.
-- The endpoint is the push service's URL for that browser (unique: a browser re-subscribing replaces its row);
-- p256dh and auth are the browser's public key and secret that each message is encrypted to (RFC 8291).
create table web_push_subscriptions (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  -- The language the page was in when it subscribed: pushes are phrased in it.
  lang text not null,
  created_at_ms bigint not null,
  last_sent_at_ms bigint,
  -- Failed deliveries in a row (not counting 404/410, which delete the row at once).
  failures integer not null default 0
);

create index web_push_subscriptions_user on web_push_subscriptions (user_id, id);
