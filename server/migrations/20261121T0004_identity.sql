-- Identity: users, sessions (one per refresh-token family), one-time codes, image captchas and rate-limit
-- windows. Instants the auth module reasons about (expiry, windows, TOTP steps) are bigint ms since the epoch
-- taken from the module's clock, so that tests can move time; plain audit times are timestamptz.

-- Server-wide secrets created once and shared by every process on this database (token signing key).
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table users (
  id bigserial primary key,
  -- Public 8-digit id shown to the user and used by the admin API.
  uid text not null unique check (uid ~ '^[1-9][0-9]{7}$'),
  brand_id text not null references brands (id),
  -- Lower-cased; also holds an email bound later to a phone-registered account.
  email text check (email is null or email = lower(email)),
  -- E.164 (+ and up to 15 digits); area_code is the calling code without +, country the ISO 3166 code.
  phone text check (phone is null or phone ~ '^\+[1-9][0-9]{5,14}$'),
  area_code text,
  country text,
  register_type char(1) not null check (register_type in ('E', 'P')),
  -- Argon2id PHC string.
  password_hash text not null,
  nickname text not null default '',
  avatar_path text,
  invite_code text not null unique,
  invited_by bigint references users (id) on delete set null,
  real_name text,
  id_number text,
  -- Base32 TOTP secret: pending while totp_enabled is false, active when true.
  totp_secret text,
  totp_enabled boolean not null default false,
  -- Last accepted TOTP time step: a code is accepted once.
  totp_last_step bigint,
  blocked boolean not null default false,
  demo_reset_at timestamptz,
  -- The registration-complete mail went out (sendMail type 4 never sends it twice).
  welcome_sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (brand_id, email),
  unique (brand_id, phone),
  check (email is not null or phone is not null)
);

create index users_invited_by on users (invited_by) where invited_by is not null;

-- A sign-in: one refresh-token family. Revoking it ends every token of the family at once.
create table auth_sessions (
  id text primary key,
  user_id bigint not null references users (id) on delete cascade,
  -- Which account the current access token acts on (demo when true).
  virtual boolean not null default false,
  -- Per-session AES key handed to the client in the access token (field encoding of spec §3).
  aes_key text not null,
  created_at_ms bigint not null,
  -- Absolute end of the family (30 days after sign-in); refresh never extends it.
  expires_at_ms bigint not null,
  revoked_at_ms bigint,
  revoke_reason text,
  created_ip text
);

create index auth_sessions_user_active on auth_sessions (user_id) where revoked_at_ms is null;

-- Refresh tokens are stored as SHA-256 only; a rotated token keeps its row so that reuse is detected.
create table refresh_tokens (
  token_hash text primary key,
  session_id text not null references auth_sessions (id) on delete cascade,
  created_at_ms bigint not null,
  rotated_at_ms bigint
);

create index refresh_tokens_session on refresh_tokens (session_id);

-- Mail / SMS codes: HMAC of purpose, destination and code; one use, a few attempts, short life.
create table verification_codes (
  id bigserial primary key,
  brand_id text not null,
  channel text not null check (channel in ('mail', 'sms')),
  destination text not null,
  purpose char(1) not null check (purpose in ('1', '2')),
  code_hash text not null,
  attempts int not null default 0,
  created_at_ms bigint not null,
  expires_at_ms bigint not null,
  -- Set when used, replaced by a newer code or out of attempts.
  consumed_at_ms bigint
);

create index verification_codes_lookup on verification_codes (brand_id, destination, purpose, created_at_ms);
create index verification_codes_age on verification_codes (created_at_ms);

create table captchas (
  uuid text primary key,
  text_hash text not null,
  ip text not null,
  created_at_ms bigint not null,
  expires_at_ms bigint not null,
  consumed_at_ms bigint
);

create index captchas_age on captchas (created_at_ms);

-- Sliding-window rate limits: one row per counted event, so several processes share the same windows.
create table rate_limit_hits (
  bucket text not null,
  subject text not null,
  at_ms bigint not null
);

create index rate_limit_hits_window on rate_limit_hits (bucket, subject, at_ms);
create index rate_limit_hits_age on rate_limit_hits (at_ms);
