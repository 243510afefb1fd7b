/**
 * A brand as operators edit it (BE1–BE9): read from the tables into the contract's `BrandEdit`, written back in
 * the caller's transaction, and what changed between two of them for the audit row.
 */
import {
  BRAND_FLAG_NAMES,
  type BrandEdit,
  type BrandEditable,
  type EditableBrandSettings,
} from '../../../src/core/contract/brand-admin';
import type { BrandSettings, SystemConfigEntry } from '../../../src/core/contract/types';
import type { Translations } from '../../../src/core/contract/translations';
import type { Queryable } from '../db/types';
import { brandBannerPath } from '../../../src/core/contract/brand';
import { buildSystemConfigs, type BrandFlags } from './system-configs';

/** The keys of the stored settings an operator edits; the seeds keep owning the others (logo, identity policy). */
export const EDITABLE_SETTING_KEYS = [
  'tradeModes',
  'defaultTradeMode',
  'tradeList',
  'theme',
  'colors',
  'userColors',
  'timezone',
  'languages',
  'defaultLanguage',
  'registerTypes',
  'depositTypes',
  'verifyStyle',
  'template',
  'homeSymbols',
  'trustedApp',
] as const satisfies ReadonlyArray<keyof EditableBrandSettings>;

/** Our own generated banner images (root-relative, no query): an operator's image URL is left as it is. */
export const isGeneratedBanner = (url: string) => /^\/brand-assets\/[^/?]+\/banner-\d+\.svg$/.test(url);

type StoredSettings = Omit<BrandSettings, 'id' | 'name' | 'bannerCount'>;

interface BrandRow {
  id: string;
  name: string;
  settings: StoredSettings;
  site_title: string;
  site_titles: Translations | null;
  system_configs: SystemConfigEntry[];
  edited_ms: string | null;
}

interface BannerRow {
  id: string;
  image_url: string;
  link_url: string | null;
  title: string | null;
  titles: Translations | null;
  active: boolean;
}

/** A brand as stored, and as the Brands page edits it. */
export interface StoredBrand {
  settings: StoredSettings;
  editable: BrandEditable;
}

function editableSettings(settings: StoredSettings): EditableBrandSettings {
  return {
    tradeModes: settings.tradeModes,
    defaultTradeMode: settings.defaultTradeMode,
    tradeList: settings.tradeList,
    theme: settings.theme,
    colors: settings.colors,
    // Absent means allowed (BrandSettings.userColors).
    userColors: settings.userColors ?? true,
    timezone: settings.timezone,
    languages: settings.languages,
    defaultLanguage: settings.defaultLanguage,
    registerTypes: settings.registerTypes,
    depositTypes: settings.depositTypes as EditableBrandSettings['depositTypes'],
    verifyStyle: settings.verifyStyle,
    template: settings.template,
    homeSymbols: settings.homeSymbols,
    trustedApp: settings.trustedApp ?? null,
  };
}

/** The brand `id` as the Brands page edits it, or null; `lock` holds its row until the transaction ends. */
export async function readBrand(db: Queryable, id: string, lock = false): Promise<StoredBrand | null> {
  const { rows } = await db.query<BrandRow>(
    `select id, name, settings, site_title, site_titles, system_configs,
            (extract(epoch from edited_at) * 1000)::bigint::text as edited_ms
       from brands where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const { rows: banners } = await db.query<BannerRow>(
    `select id::text as id, image_url, link_url, title, titles, active
       from banners where brand_id = $1 order by sort, id`,
    [id],
  );
  const flags = Object.fromEntries(
    BRAND_FLAG_NAMES.map((name) => [name, row.system_configs.find((c) => c.name === name)?.enable ?? false]),
  );
  return {
    settings: row.settings,
    editable: {
      id: row.id,
      name: row.name,
      editedAt: row.edited_ms === null ? null : Number(row.edited_ms),
      edit: {
        siteTitle: row.site_title,
        siteTitles: row.site_titles ?? {},
        settings: editableSettings(row.settings),
        flags,
        banners: banners.map((banner) => ({
          id: banner.id,
          active: banner.active,
          title: banner.title ?? '',
          titles: banner.titles ?? {},
          linkUrl: banner.link_url ?? '',
        })),
      },
      bannerImages: banners.map((banner) => banner.image_url),
    },
  };
}

/** Translations without blank entries, trimmed. */
const cleanTitles = (titles: Translations): Translations =>
  Object.fromEntries(
    Object.entries(titles)
      .map(([language, text]) => [language, (text ?? '').trim()])
      .filter(([, text]) => text !== ''),
  );

/**
 * Writes a checked edit of `brand` (read with its row locked) in the caller's transaction: the settings (with
 * the §3 config list derived from them again, BE5), titles, flags and banners, stamped `edited_at`.
 */
export async function writeBrand(
  tx: Queryable,
  brand: StoredBrand,
  edit: BrandEdit,
  now: number,
): Promise<void> {
  const id = brand.editable.id;
  const colors = { up: edit.settings.colors.up.toLowerCase(), down: edit.settings.colors.down.toLowerCase() };
  const { trustedApp, ...rest } = edit.settings;
  const settings: StoredSettings = { ...brand.settings, ...rest, colors };
  // 'Only trust app' off is its absence from /config.json (BA1).
  if (trustedApp) settings.trustedApp = { userAgent: trustedApp.userAgent, url: trustedApp.url };
  else delete settings.trustedApp;
  const flags = Object.fromEntries(BRAND_FLAG_NAMES.map((name) => [name, edit.flags[name] === true]));
  await tx.query(
    `update brands set settings = $2, site_title = $3, site_titles = $4, system_configs = $5,
       edited_at = to_timestamp($6::double precision / 1000)
     where id = $1`,
    [
      id,
      JSON.stringify(settings),
      edit.siteTitle.trim(),
      JSON.stringify(cleanTitles(edit.siteTitles)),
      JSON.stringify(buildSystemConfigs(settings, flags as BrandFlags)),
      now,
    ],
  );
  // The banners take their new places 1..n; first out of the way, as (brand, sort) is unique.
  await tx.query('update banners set sort = -sort - 1 where brand_id = $1', [id]);
  for (const [i, banner] of edit.banners.entries()) {
    const sort = i + 1;
    const values = [
      id,
      banner.linkUrl || null,
      banner.title.trim(),
      JSON.stringify(cleanTitles(banner.titles)),
    ];
    // A generated image is drawn from the banner's place (banner-<sort>.svg): it moves with the banner.
    if (banner.id === null) {
      await tx.query(
        `insert into banners (brand_id, link_url, title, titles, sort, active, image_url)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [...values, sort, banner.active, brandBannerPath(id, sort)],
      );
    } else {
      await tx.query(
        `update banners set link_url = $2, title = $3, titles = $4, sort = $5, active = $6,
           image_url = case when image_url ~ '^/brand-assets/[^/?]+/banner-[0-9]+\\.svg$' then $7 else image_url end
         where brand_id = $1 and id = $8`,
        [...values, sort, banner.active, brandBannerPath(id, sort), banner.id],
      );
    }
  }
}

/** An edit as a flat map of small values, so two of them compare field by field. */
function flatten(edit: BrandEdit): Map<string, unknown> {
  const fields = new Map<string, unknown>([
    ['siteTitle', edit.siteTitle],
    ['siteTitles', edit.siteTitles],
  ]);
  for (const [key, value] of Object.entries(edit.settings)) fields.set(`settings.${key}`, value);
  for (const [key, value] of Object.entries(edit.flags)) fields.set(`flags.${key}`, value);
  fields.set(
    'banners.order',
    edit.banners.map((banner) => banner.id),
  );
  for (const banner of edit.banners) {
    for (const [key, value] of Object.entries(banner))
      if (key !== 'id') fields.set(`banners.${banner.id ?? 'new'}.${key}`, value);
  }
  return fields;
}

/**
 * What changed from `before` to `after` (both as stored): the changed fields with their old and new values
 * (brand settings and texts only: no personal data). New banners have their ids in `after`.
 */
export function changesOf(
  before: BrandEdit,
  after: BrandEdit,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const old = flatten(before);
  const now = flatten(after);
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    if (JSON.stringify(old.get(key)) === JSON.stringify(now.get(key))) continue;
    if (old.has(key)) changed.before[key] = old.get(key);
    if (now.has(key)) changed.after[key] = now.get(key);
  }
  return changed;
}
