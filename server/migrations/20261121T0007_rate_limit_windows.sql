-- Rate limits as one row per window and subject, holding the times (ms) of the events counted in the window.
-- A reservation is a single upsert: it takes the row lock, so parallel requests cannot all see room left.
drop table rate_limit_hits;

create table rate_limit_windows (
  bucket text not null,
  subject text not null,
  hits bigint[] not null,
  admitted boolean not null,
  last_at_ms bigint not null,
  primary key (bucket, subject)
);

create index rate_limit_windows_age on rate_limit_windows (last_at_ms);
