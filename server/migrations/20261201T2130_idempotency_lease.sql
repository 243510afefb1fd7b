-- Issue #24 (IK2): a reservation of an Idempotency-Key carries a random token and the end of its lease (the
-- app clock's ms). A repeat finding the key pending past its lease takes it over with a new token; the answer
-- is stored in the money transaction of the effect only while its token still holds the key (IK1). Keys left
-- pending before this migration (CH3's stuck keys) get an ended lease, so their next repeat takes them over.
alter table idempotency_keys
  add column token text not null default '',
  add column lease_until_ms bigint not null default 0;
