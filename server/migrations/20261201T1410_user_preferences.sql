-- A trader's own up/down colour pair, remembered per user so every browser they sign in on shows it (issue #22,
-- UC2). Null: never chosen (the device's choice or the brand's pair applies). The ids are those of
-- COLOR_SCHEME_IDS (src/core/contract/users.ts); a new pair needs a migration that widens this check.
alter table users
  add column color_scheme text check (color_scheme in ('brand', 'green-red', 'red-green'));
