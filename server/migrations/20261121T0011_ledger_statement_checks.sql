-- The ledger's balance check once per statement instead of once per posting (issue #12, settlement
-- throughput). The deferred row trigger of 005 ran a sum over the transaction's postings for every posting
-- written, at COMMIT: 25,000 postings of a settlement batch were 25,000 trigger calls and sums. This
-- statement trigger sees the statement's postings as a transition table and sums, once per transaction they
-- name, all postings of that transaction (those of earlier statements too). Same rule, same refusal
-- (23514 "ledger transaction … does not balance"); it is checked when the statement ends rather than at
-- COMMIT, so the postings of one transaction are written by one statement (as every writer here does).
--
-- Postings may also name the business object of their own line (`ref`): a batch transaction (option
-- settlement, one transaction per chunk) names each option on the trader's posting.

drop trigger ledger_postings_balanced on ledger_postings;
drop function ledger_txn_balanced();

alter table ledger_postings add column ref text;

create function ledger_postings_balanced() returns trigger language plpgsql as $$
declare
  unbalanced bigint;
begin
  select n.txn_id into unbalanced
    from (select distinct txn_id from new_postings) n
   where (select sum(p.amount) from ledger_postings p where p.txn_id = n.txn_id) <> 0
   limit 1;
  if unbalanced is not null then
    raise exception 'ledger transaction % does not balance', unbalanced using errcode = '23514';
  end if;
  return null;
end $$;

create trigger ledger_postings_balanced after insert on ledger_postings
  referencing new table as new_postings
  for each statement execute function ledger_postings_balanced();
