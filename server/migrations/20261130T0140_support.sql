-- Live support (issue #21): conversations of a trader or of a visitor with the operators, their messages and
-- images. Business times are on the server's clock (ms since epoch) so that tests move it instead of waiting.

-- A visitor (no account, spec §2): the browser holds a random credential in an HttpOnly cookie, the table its
-- SHA-256 only. `email` is the contact address the visitor gave.
create table support_visitors (
  id bigserial primary key,
  credential_hash text not null unique,
  email text not null,
  brand_id text not null,
  created_ms bigint not null
);

-- One-time tickets of a visitor's live channel (the exchange socket); redeemed by deleting the row.
create table support_visitor_tickets (
  ticket_hash text primary key,
  visitor_id bigint not null references support_visitors (id) on delete cascade,
  expires_ms bigint not null
);

create index support_visitor_tickets_expiry on support_visitor_tickets (expires_ms);

-- status: 0 open, 1 closed. `assigned_actor` is the audit actor of the operator who took it
-- (`operator:<id>`, `admin-api`), `assigned_name` the name the trader sees.
create table support_conversations (
  id bigserial primary key,
  user_id bigint references users (id) on delete restrict,
  visitor_id bigint references support_visitors (id) on delete restrict,
  brand_id text not null,
  status smallint not null default 0 check (status in (0, 1)),
  assigned_actor text,
  assigned_name text,
  created_ms bigint not null,
  assigned_ms bigint,
  closed_ms bigint,
  closed_by text,
  last_message_ms bigint,
  check ((user_id is null) <> (visitor_id is null)),
  check ((status = 1) = (closed_ms is not null)),
  check ((assigned_actor is null) = (assigned_name is null))
);

-- One open conversation per user and per visitor: a second open of the same owner violates it.
create unique index support_open_user on support_conversations (user_id) where status = 0 and user_id is not null;
create unique index support_open_visitor on support_conversations (visitor_id)
  where status = 0 and visitor_id is not null;
create index support_conversations_user on support_conversations (user_id, id desc);
create index support_conversations_visitor on support_conversations (visitor_id, id desc);
create index support_inbox on support_conversations (status, assigned_actor, id);

-- Images of messages, checked by content and size before they are stored.
create table support_images (
  id bigserial primary key,
  conversation_id bigint not null references support_conversations (id) on delete restrict,
  bytes bytea not null,
  content_type text not null,
  created_ms bigint not null
);

-- sender: 0 the trader (or visitor), 1 an operator. `client_id` is the sender's idempotency id ('' when an
-- operator sent none): a resend with the same id stores nothing new.
create table support_messages (
  id bigserial primary key,
  conversation_id bigint not null references support_conversations (id) on delete restrict,
  sender smallint not null check (sender in (0, 1)),
  actor text,
  body text not null check (char_length(body) <= 2000),
  image_id bigint references support_images (id) on delete restrict,
  client_id text not null,
  created_ms bigint not null,
  read_ms bigint,
  check (body <> '' or image_id is not null),
  check ((sender = 1) = (actor is not null))
);

create unique index support_messages_client on support_messages (conversation_id, sender, client_id)
  where client_id <> '';
create index support_messages_conversation on support_messages (conversation_id, id);
