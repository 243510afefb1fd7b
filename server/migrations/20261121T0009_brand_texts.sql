-- Brand texts in other languages than English: { "<language code>": "text" }; the plain columns hold the
-- English text, which is also the fallback of a language the map lacks.
alter table brands add column site_titles jsonb not null default '{}'::jsonb;
alter table banners add column titles jsonb not null default '{}'::jsonb;
