-- Per-currency crypto wallets held in the ledger (issue #13). A user owns, besides the USD `real` and `demo`
-- accounts, one `wallet` account per crypto currency (USDT, BTC, ETH: the distinct `cash_coins.currency`).
-- A transfer between a wallet and the USD balance is one ledger transaction in two legs, each through the
-- house FX account of its currency (`house_fx_usdt`, `house_fx_usd`, …), so every transaction balances per
-- currency and the ledger conserves each currency on its own.

do $$
declare
  c record;
begin
  -- The unnamed constraints of 005 that limited user accounts to one per kind and to kinds real/demo.
  for c in
    select conname from pg_constraint
     where conrelid = 'ledger_accounts'::regclass
       and ((contype = 'c' and pg_get_constraintdef(oid) like '%''demo''%')
         or (contype = 'u' and pg_get_constraintdef(oid) = 'UNIQUE (user_id, kind)'))
  loop
    execute format('alter table ledger_accounts drop constraint %I', c.conname);
  end loop;
end $$;

alter table ledger_accounts
  add constraint ledger_accounts_user_kinds check (owner_kind <> 'user' or kind in ('real', 'demo', 'wallet')),
  -- The trading accounts hold USD; a crypto wallet never does.
  add constraint ledger_accounts_kind_currency check (
    (kind not in ('real', 'demo') or currency = 'USD') and (kind <> 'wallet' or currency <> 'USD')
  ),
  add constraint ledger_accounts_currency_format check (currency ~ '^[A-Z0-9]{2,12}$'),
  add constraint ledger_accounts_user_kind_currency unique (user_id, kind, currency);

-- The balance rule of 011, per currency: within one transaction the postings of each currency sum to zero.
create or replace function ledger_postings_balanced() returns trigger language plpgsql as $$
declare
  unbalanced bigint;
begin
  select n.txn_id into unbalanced
    from (select distinct txn_id from new_postings) n
   where exists (select 1
                   from ledger_postings p join ledger_accounts a on a.id = p.account_id
                  where p.txn_id = n.txn_id
                  group by a.currency
                 having sum(p.amount) <> 0)
   limit 1;
  if unbalanced is not null then
    raise exception 'ledger transaction % does not balance', unbalanced using errcode = '23514';
  end if;
  return null;
end $$;
