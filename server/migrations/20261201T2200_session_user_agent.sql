-- The browser or app a session was opened from (its sign-in's User-Agent, at most 256 characters, control
-- characters removed), so that a trader can tell their signed-in devices apart (docs/security.md 7.5.2).
alter table auth_sessions add column user_agent text;
