-- The browser origin a session was opened from (the Origin header of its sign-in); null for clients that
-- are not browsers. A refresh through the HttpOnly cookie is accepted only from that origin (docs/security.md).
alter table auth_sessions add column origin text;
