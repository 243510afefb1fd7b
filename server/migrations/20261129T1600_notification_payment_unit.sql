-- The unit of a notification's payment_price (USD, or a coin for a crypto wallet's credit or a transfer into a
-- wallet): the credited, paid and transferred notices (decisions AN1) name what arrived. Null on the older
-- notices, whose amount the text shows without a unit.
alter table notifications add column payment_unit text;
