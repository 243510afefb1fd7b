-- Order tools (issue #25, decisions OT1–OT12). A partial close writes the closed part as an order row of its
-- own that names the position it came from; a trailing stop keeps its distance on the position, and the
-- engine moves `stop_price` behind the price (the stored stop is the last one written: a restart resumes there).
alter table orders add column parent_uid text references orders (uid) on delete restrict;
alter table orders add column trailing_distance numeric check (trailing_distance > 0);
-- A trailing distance always trails a stop loss.
alter table orders add constraint orders_trailing_has_stop check (trailing_distance is null or stop_price is not null);
create index orders_parent on orders (parent_uid) where parent_uid is not null;
