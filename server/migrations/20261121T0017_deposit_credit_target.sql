-- Where an approved deposit was credited (issue #13): 'usd' the real trading balance (walletType 0 brands, and
-- bank/wire deposits), 'wallet' the user's coin wallet (walletType 1 brands' crypto deposits). The forex rule
-- (320) counts both at the USD value fixed when the deposit was submitted.
alter table cash_tickets add column credited_to text check (credited_to in ('usd', 'wallet'));

create index cash_tickets_wallet_deposits on cash_tickets (user_id)
  where action_type = 0 and state = 'success' and credited_to = 'wallet';
