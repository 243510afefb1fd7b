-- Market: candles (spec §3 "Kline point") aggregated from the ticks for every chart period. Closed candles are
-- written in batches; the forming one of each period is written too as it goes, so that a restart resumes it.
-- Prices, volume and turnover are numeric written at the instrument's scale ('98500.10' reads back as such).
-- No foreign key to instruments: the start-up backfill writes about a million rows and a per-row check
-- would slow it down, while the symbol always comes from the catalogue.

create table klines (
  symbol text not null,
  period text not null check (period in ('1min', '5min', '15min', '30min', '1h', '1d')),
  -- Start of the bucket in ms since the epoch (UTC-aligned; 1d is the UTC day), as `time` on the wire.
  open_time bigint not null,
  open_price numeric not null,
  high_price numeric not null,
  low_price numeric not null,
  close_price numeric not null,
  volume numeric not null check (volume >= 0),
  turnover numeric not null check (turnover >= 0),
  primary key (symbol, period, open_time)
);
