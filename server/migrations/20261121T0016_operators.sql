-- Back-office operators (issue #13): people who review deposits and withdrawals, identity and support cases.
-- Each signs in with a password and a TOTP second factor; `roles` decide which admin endpoints they may call
-- (src/core/contract/endpoint.ts OPERATOR_ROLES). The TOTP secret is sealed with the cashier key.
create table operators (
  id bigserial primary key,
  email text not null,
  name text not null,
  password_hash text not null,
  roles text[] not null check (
    cardinality(roles) > 0 and roles <@ array['finance', 'compliance', 'support']::text[]
  ),
  totp_sealed text not null,
  -- The last accepted TOTP step: a code is accepted once.
  totp_last_step bigint,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz
);

create unique index operators_email on operators (lower(email));

-- Operator sessions: the browser holds an opaque token in an HttpOnly cookie, the table its SHA-256 only.
create table operator_sessions (
  token_hash text primary key,
  operator_id bigint not null references operators (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index operator_sessions_operator on operator_sessions (operator_id);
create index operator_sessions_expiry on operator_sessions (expires_at);
create index audit_log_actor on audit_log (actor, id);
