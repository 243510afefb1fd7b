-- Operators' inactivity timeout and first password (docs/security.md 7.3.1 and 6.4.1, decisions SEC11, SEC12).

-- When the session last served an authenticated back-office request, written at most once a minute: a session
-- unused for 30 minutes ends. The default serves sessions that exist now (they get a fresh 30 minutes) and any
-- a process of the previous release inserts during a rolling deploy; this release always writes it.
alter table operator_sessions add column last_seen_at timestamptz not null default now();

-- A password someone else chose or generated (operators:add, operators:reset-password) must be replaced by the
-- operator's own at the first sign-in, and stops signing in after `password_expires_at` (null: no expiry, the
-- operator's own password). Operators who exist now keep the password they have: false, null.
alter table operators add column password_must_change boolean not null default false;
alter table operators add column password_expires_at timestamptz;
