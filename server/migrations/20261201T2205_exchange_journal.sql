-- The exchange socket's event journal (decisions RP1–RP3): every event pushed to a user's exchange sockets
-- (a fill or a stop-out, a settlement, a new notification, a support message), numbered per user, so that a
-- socket that reconnects gets what it missed. The head row holds the user's last number: taking the next one
-- locks it, so numbers commit in the order they are given. Rows are pruned per user by count and by age.
create table exchange_journal_heads (
  user_id bigint primary key references users (id) on delete cascade,
  last_seq bigint not null
);

create table exchange_journal (
  user_id bigint not null references users (id) on delete cascade,
  seq bigint not null,
  -- The account the event is of; null for the user's (notifications, support).
  virtual boolean,
  frame text not null,
  -- Milliseconds of the server clock (the tests move it).
  at_ms bigint not null,
  primary key (user_id, seq)
);
