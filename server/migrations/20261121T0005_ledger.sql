-- Ledger: double-entry accounts, transactions and postings. Every balance change is a transaction whose
-- postings sum to zero, so user balances + locked margin + house accounts always add up to zero.

create table ledger_accounts (
  id bigserial primary key,
  owner_kind text not null check (owner_kind in ('user', 'house')),
  -- No cascade: a user who ever held money keeps their ledger history (a broker must retain it).
  user_id bigint references users (id) on delete restrict,
  kind text not null,
  currency text not null default 'USD',
  balance numeric(28, 8) not null default 0,
  lock_margin numeric(28, 8) not null default 0,
  created_at timestamptz not null default now(),
  check ((owner_kind = 'user') = (user_id is not null)),
  check (owner_kind <> 'user' or kind in ('real', 'demo')),
  check (owner_kind <> 'house' or kind like 'house\_%'),
  -- House accounts mirror what users hold and go negative; a user can never owe the platform.
  check (owner_kind <> 'user' or (balance >= 0 and lock_margin >= 0)),
  unique (user_id, kind)
);

create unique index ledger_accounts_house_kind on ledger_accounts (kind) where owner_kind = 'house';

create table ledger_transactions (
  id bigserial primary key,
  -- credit, demo_open, demo_reset, fee, pnl, margin_lock, margin_release, …
  kind text not null,
  -- The business object behind the transaction (e.g. "user:12345678", an order number).
  ref text,
  note text,
  created_at timestamptz not null default now()
);

create index ledger_transactions_kind on ledger_transactions (kind, created_at);

create table ledger_postings (
  id bigserial primary key,
  txn_id bigint not null references ledger_transactions (id),
  account_id bigint not null references ledger_accounts (id),
  bucket text not null check (bucket in ('balance', 'lock_margin')),
  amount numeric(28, 8) not null check (amount <> 0),
  created_at timestamptz not null default now()
);

create index ledger_postings_txn on ledger_postings (txn_id);
create index ledger_postings_account on ledger_postings (account_id, bucket);

-- Checked at COMMIT, after all postings of the transaction are written.
create function ledger_txn_balanced() returns trigger language plpgsql as $$
begin
  if (select coalesce(sum(amount), 0) from ledger_postings where txn_id = new.txn_id) <> 0 then
    raise exception 'ledger transaction % does not balance', new.txn_id using errcode = '23514';
  end if;
  return null;
end $$;

create constraint trigger ledger_postings_balanced after insert on ledger_postings
  deferrable initially deferred for each row execute function ledger_txn_balanced();

-- Postings are history: corrections are new transactions, never edits.
create function ledger_postings_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger postings are append-only' using errcode = '42501';
end $$;

create trigger ledger_postings_no_change before update or delete on ledger_postings
  for each row execute function ledger_postings_append_only();

insert into ledger_accounts (owner_kind, kind) values ('house', 'house_cash_real'), ('house', 'house_demo_issuer');
