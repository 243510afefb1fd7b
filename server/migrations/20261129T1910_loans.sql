-- Loans with a guarantor and their repayments (issue #20). Money moves through the ledger: an approved loan
-- is paid from the house account `house_loan_receivable` (its negated balance is what borrowers owe), a
-- repayment is held in `house_loan_repay_pending` until an operator decides it.

-- status: 0 waiting for review, 1 active, 2 rejected, 3 repaid, 4 overdue (decisions LN1).
create table loans (
  id bigserial primary key,
  uid text not null unique,
  user_id bigint not null references users (id) on delete restrict,
  guarantor_id bigint not null references users (id) on delete restrict,
  amount numeric(28, 8) not null check (amount > 0),
  days integer not null check (days between 1 and 366),
  amount_owed numeric(28, 8) not null check (amount_owed >= 0 and amount_owed <= amount),
  status smallint not null default 0 check (status in (0, 1, 2, 3, 4)),
  remark text not null default '',
  reason text not null default '',
  created_at timestamptz not null default now(),
  -- Business times on the server's clock (ms since epoch): tests move it instead of waiting out a term.
  created_ms bigint not null,
  approved_ms bigint,
  repayment_ms bigint,
  reviewed_at timestamptz,
  reviewed_by text,
  check (guarantor_id <> user_id),
  check ((status in (1, 3, 4)) = (repayment_ms is not null))
);

-- One application or loan at a time: a second insert of the user waits for the first and then violates it.
create unique index loans_one_open on loans (user_id) where status in (0, 1, 4);
create index loans_user on loans (user_id, id desc);
create index loans_waiting on loans (id) where status = 0;
create index loans_due on loans (repayment_ms) where status = 1;

-- status: 0 waiting for review, 1 approved, 2 rejected (spec §4).
create table loan_repayments (
  id bigserial primary key,
  uid text not null unique,
  loan_id bigint not null references loans (id) on delete restrict,
  user_id bigint not null references users (id) on delete restrict,
  amount numeric(28, 8) not null check (amount > 0),
  -- What the loan still owes once this repayment is approved (owed at submission − amount).
  amount_owed numeric(28, 8) not null check (amount_owed >= 0),
  status smallint not null default 0 check (status in (0, 1, 2)),
  reason text not null default '',
  created_at timestamptz not null default now(),
  created_ms bigint not null,
  reviewed_at timestamptz,
  reviewed_by text
);

-- One repayment of a loan waits at a time (the next is refused until it is decided).
create unique index loan_repayments_one_waiting on loan_repayments (loan_id) where status = 0;
create index loan_repayments_loan on loan_repayments (loan_id, id desc);
create index loan_repayments_waiting on loan_repayments (id) where status = 0;

insert into ledger_accounts (owner_kind, kind)
  values ('house', 'house_loan_receivable'), ('house', 'house_loan_repay_pending')
  on conflict (kind) where owner_kind = 'house' do nothing;
