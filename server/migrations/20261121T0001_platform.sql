-- Platform: brands (white-label settings chosen per request) and their home banners.

create table brands (
  id text primary key,
  name text not null,
  -- BrandSettings of src/core/contract/types.ts (without id and name, which are columns).
  settings jsonb not null,
  site_title text not null,
  -- ServiceConfig contacts: url, telegram, whatsapp, email.
  support jsonb not null,
  -- SystemConfigEntry list: [{ name, enable, value? }].
  system_configs jsonb not null default '[]'::jsonb,
  wallet_type int not null default 0 check (wallet_type in (0, 1)),
  -- Service link value "type|[json list]" (spec §3, §4).
  customer_link text not null,
  created_at timestamptz not null default now()
);

create table banners (
  id serial primary key,
  brand_id text not null references brands (id) on delete cascade,
  image_url text not null,
  link_url text,
  title text,
  sort int not null default 0,
  active boolean not null default true,
  unique (brand_id, sort)
);

create index banners_brand_active on banners (brand_id, sort) where active;
