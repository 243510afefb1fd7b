-- A brand chosen by the host name a browser reached the server on (issue #22, BH1): one server, several brand
-- domains. A host name belongs to one brand at most (the key); names are stored lower-case, without a port.
create table brand_hosts (
  host text primary key check (host = lower(host) and host ~ '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$'),
  brand_id text not null references brands (id) on delete cascade
);
create index brand_hosts_brand on brand_hosts (brand_id);
