-- Deposits (issue #13): the bank accounts each brand takes wires on (the bank/wire tab), and which of them a
-- bank deposit ticket names. Brands are upserted by the brand module at start, after migrations, so
-- `brand_id` is not a foreign key; a row of an unknown brand is simply never shown.
create table deposit_banks (
  id integer primary key,
  brand_id text not null,
  bank_name text not null,
  account_name text not null,
  account_number text not null,
  swift_code text not null default '',
  bank_address text not null default '',
  currency text not null default 'USD',
  remark text not null default '',
  sort integer not null default 0,
  enabled boolean not null default true
);

create index deposit_banks_brand on deposit_banks (brand_id, sort, id) where enabled;

insert into deposit_banks (id, brand_id, bank_name, account_name, account_number, swift_code, bank_address,
                           currency, remark, sort) values
  (1, 'tradekit', 'First Harbor Bank', 'TradeKit Client Funds', 'US64 0210 0002 1234 5678 90', 'FHBKUS33',
   '100 Harbor Street, New York, NY 10004, USA', 'USD', 'Write your UID as the payment reference.', 1),
  (2, 'tradekit', 'Nordbank Europe', 'TradeKit Client Funds', 'DE89 3704 0044 0532 0130 00', 'NRDBDEFF',
   'Mainzer Landstrasse 10, 60325 Frankfurt, Germany', 'USD', 'Write your UID as the payment reference.', 2),
  (3, 'meridian', 'Gulf Coast Trust', 'Meridian Options Ltd', 'CI93 0001 0100 1234 5678 9012 34', 'GCTRCIAB',
   'Plateau, Abidjan, Côte d''Ivoire', 'USD', 'Write your UID as the payment reference.', 1);

alter table cash_tickets add column deposit_bank_id integer references deposit_banks (id);
