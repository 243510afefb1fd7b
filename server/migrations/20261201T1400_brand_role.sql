-- Operators edit brands in the back office (issue #22, decisions BE1-BE3).
-- A fourth operator role, `brand`: the check of `operators.roles` is replaced (PostgreSQL and PGlite name an
-- unnamed column check `<table>_<column>_check`).
alter table operators drop constraint operators_roles_check;
alter table operators add constraint operators_roles_check check (
  cardinality(roles) > 0 and roles <@ array['finance', 'compliance', 'support', 'brand']::text[]
);

-- When an operator last saved the brand (null: never; the seeds own it). Seeding leaves an edited brand and
-- its banners as the operator left them, so a restart cannot undo an edit.
alter table brands add column edited_at timestamptz;
