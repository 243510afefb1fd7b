-- Notifications of a user (spec §3): alarm_type is the §8 code (629005 …), action_type 4 shows the row's own
-- title and content. Kept per user, not per account: a rejected deposit concerns the person, not real or demo.
create table notifications (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  alarm_type integer not null,
  action_type integer not null default 0,
  title text not null default '',
  content text not null default '',
  remark text not null default '',
  payment_price numeric(28, 8),
  read_status smallint not null default 0 check (read_status in (0, 1)),
  created_at timestamptz not null default now(),
  read_at timestamptz
);

-- The list: newest first per user.
create index notifications_user_list on notifications (user_id, id desc);
-- The unread count: only unread rows are indexed.
create index notifications_user_unread on notifications (user_id) where read_status = 0;
