-- Identity verification (issue #20): one row per submission of a level (junior: name and id number;
-- advanced: also id type, auth email and three images). The user's status of a level is its newest row's:
-- 1 authenticating (waiting), 2 authenticated, 3 failed; no row is 0. A resubmission while one waits marks
-- the waiting row superseded (4), so an operator's decision on data the user has since changed answers 1014.
-- Images are files of the server's file store (random names); the row keeps their names and types.
create table kyc_submissions (
  id bigserial primary key,
  user_id bigint not null references users (id),
  level text not null check (level in ('junior', 'advanced')),
  status smallint not null default 1 check (status in (1, 2, 3, 4)),
  real_name text not null,
  id_card text not null,
  id_type smallint check (id_type is null or id_type in (0, 1, 2)),
  auth_email text,
  img_front text,
  img_reverse text,
  img_selfie text,
  locale text,
  reason text not null default '',
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by text
);

-- At most one waiting submission per user and level; the queue reads waiting rows oldest first.
create unique index kyc_submissions_one_waiting on kyc_submissions (user_id, level) where status = 1;
create index kyc_submissions_user_level on kyc_submissions (user_id, level, id desc);
create index kyc_submissions_status on kyc_submissions (status, id);
