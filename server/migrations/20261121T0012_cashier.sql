-- The cashier's shared tables (issue #13): the coin/network list, saved crypto addresses and bank cards
-- (personal fields encrypted at rest), deposit and withdrawal tickets, idempotency keys of money submits, and
-- the operators' audit log. Money moves only through the ledger (005); these rows describe why.

-- Coins and networks a brand's traders deposit and withdraw (spec §3 "Coin/network option"). `address` and
-- `said` are the platform's receiving address and its memo/tag; `usd_symbol` names the market instrument whose
-- price converts the coin to USD (null for a USD stablecoin, taken 1:1). Withdrawal fee per coin (spec §3
-- "Withdraw fee quote"): PERCENTAGE (fee_num is a percent of the amount), FIX_AMOUNT (fee_num in the coin), or
-- '' (no fee).
create table cash_coins (
  id integer primary key,
  currency text not null,
  protocol text not null,
  address text not null,
  said text not null default '',
  min_withdraw numeric(28, 8) not null check (min_withdraw >= 0),
  max_withdraw numeric(28, 8) not null,
  logo_url text not null default '',
  usd_symbol text,
  fee_type text not null default '' check (fee_type in ('PERCENTAGE', 'FIX_AMOUNT', '')),
  fee_num numeric(28, 8) not null default 0 check (fee_num >= 0),
  sort integer not null default 0,
  enabled boolean not null default true,
  check (max_withdraw >= min_withdraw),
  unique (currency, protocol)
);

insert into cash_coins (id, currency, protocol, address, said, min_withdraw, max_withdraw, logo_url, usd_symbol,
                        fee_type, fee_num, sort) values
  (1, 'USDT', 'TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', '', 50, 10000000, '/coins/usdt.svg', null,
   'FIX_AMOUNT', 25, 1),
  (2, 'USDT', 'ERC20', '0x5aE1b8D6c2a84f0C3E4F52c1a3B0bD7e9F1C2a47', '', 50, 10000000, '/coins/usdt.svg', null,
   'FIX_AMOUNT', 25, 2),
  (3, 'BTC', 'BTC', 'bc1q9h7garjh3dk5wxl0mr6s8a3vf5u9xcqv4k2p7e', '', 0.001, 100, '/coins/btc.svg', 'BTCUSDT',
   'PERCENTAGE', 0.5, 3),
  (4, 'ETH', 'ERC20', '0x8Fd3A0b4C6e1d25B7a9E3c0F4b6D2e8A1c5B7d90', '', 0.02, 3000, '/coins/eth.svg', 'ETHUSDT',
   'PERCENTAGE', 0.5, 4);

-- Saved crypto withdrawal addresses (spec §3 "Crypto wallet (saved)"). The address is sealed with the
-- server's cashier key (server/src/cashier/sealed.ts); `address_hash` (keyed HMAC) finds duplicates without
-- decrypting.
create table crypto_addresses (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  coin_id integer not null references cash_coins (id),
  address_sealed text not null,
  address_hash text not null,
  created_at timestamptz not null default now(),
  unique (user_id, coin_id, address_hash)
);

create index crypto_addresses_user on crypto_addresses (user_id, id);

-- Bank cards (spec §3 "Bank card"). The personal fields the spec encodes on the wire (name, account, address,
-- idNumber, phoneNumber) are sealed at rest in one JSON document; the rest are plain columns.
create table bank_cards (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  bank_name text not null,
  bank_code text not null default '',
  bank_address text not null default '',
  swift_code text not null default '',
  branch_code text not null default '',
  bank_country text not null default '',
  account_type text not null default '',
  post_code text not null default '',
  ins_num text not null default '',
  tra_num text not null default '',
  personal_sealed text not null,
  -- Last 4 characters of the account, shown in lists and on tickets without unsealing.
  account_last4 text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index bank_cards_user on bank_cards (user_id, id);

-- Deposit and withdrawal tickets (spec §3 "Deposit/withdraw record"): action_type 0 deposit, 1 withdraw.
-- `amount` is in `currency` (the coin, or USD for bank); `usd_amount` the USD value credited or debited;
-- `fee` and `practical` (what reaches the user) in `currency`. `state`: waiting → success | fail.
create table cash_tickets (
  id bigserial primary key,
  uid text not null unique,
  user_id bigint not null references users (id) on delete restrict,
  action_type smallint not null check (action_type in (0, 1)),
  method text not null check (method in ('crypto', 'bank')),
  coin_id integer references cash_coins (id),
  bank_card_id bigint references bank_cards (id) on delete set null,
  -- Withdrawal destination as it was when submitted (sealed): a card or address edited later does not
  -- change where an approved ticket pays.
  destination_sealed text,
  currency text not null,
  amount numeric(28, 8) not null check (amount > 0),
  usd_amount numeric(28, 8) not null check (usd_amount >= 0),
  fee numeric(28, 8) not null default 0 check (fee >= 0),
  practical numeric(28, 8) not null default 0 check (practical >= 0),
  state text not null default 'waiting' check (state in ('waiting', 'success', 'fail')),
  reason text not null default '',
  -- Deposit proof image (bytes in the database: one transaction with the ticket, shared by every process).
  proof bytea,
  proof_type text,
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by text
);

create index cash_tickets_user on cash_tickets (user_id, id desc);
create index cash_tickets_queue on cash_tickets (action_type, state, id) where state = 'waiting';
-- At most one withdrawal waits per user (spec §8 1067): concurrent submits race on this index, one wins.
create unique index cash_tickets_one_waiting_withdrawal on cash_tickets (user_id)
  where action_type = 1 and state = 'waiting';

-- Idempotency keys of money submits (header `Idempotency-Key`): the first request reserves the key, its answer
-- is stored, a repeat answers it without moving anything (server/src/http/idempotency.ts).
create table idempotency_keys (
  user_id bigint not null references users (id) on delete cascade,
  key text not null,
  path text not null,
  fingerprint text not null,
  state text not null default 'pending' check (state in ('pending', 'done')),
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

create index idempotency_keys_created on idempotency_keys (created_at);

-- What operators (and the admin API) did: who, when, on what, and the object before and after.
create table audit_log (
  id bigserial primary key,
  actor text not null,
  action text not null,
  object_kind text not null,
  object_id text not null,
  before jsonb,
  after jsonb,
  reason text not null default '',
  created_at timestamptz not null default now()
);

create index audit_log_object on audit_log (object_kind, object_id, id);
create index audit_log_time on audit_log (created_at desc);
