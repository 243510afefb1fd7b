import type { BrandSettings, ServiceConfig, SystemConfigEntry } from '../../../src/core/contract/types';
import { translated, type Translations } from '../../../src/core/contract/translations';
import type { Queryable } from '../db/types';

/** A brand as the server uses it; URLs of our own pages and assets are root-relative. */
export interface BrandRecord {
  id: string;
  name: string;
  siteTitle: string;
  /** The site title in other languages. */
  siteTitles: Translations;
  settings: BrandSettings;
  support: ServiceConfig;
  systemConfigs: SystemConfigEntry[];
  walletType: 0 | 1;
  /** Service link value "type|[json list]". */
  customerLink: string;
  /** Host names that choose this brand (BH1). */
  hosts: string[];
  /** When an operator last saved the brand (ms); null: never, the seeds own it (BE3). */
  editedAt: number | null;
}

/** One active banner, root-relative image URL. */
export interface BannerRecord {
  imageUrl: string;
  linkUrl: string | null;
  title: string | null;
  /** The title in other languages. */
  titles: Translations;
}

interface BrandRow {
  id: string;
  name: string;
  settings: Omit<BrandSettings, 'id' | 'name'>;
  site_title: string;
  site_titles: Translations | null;
  support: ServiceConfig;
  system_configs: SystemConfigEntry[];
  wallet_type: number;
  customer_link: string;
  banner_count: number;
  hosts: string[] | null;
  edited_ms: string | null;
}

/** Every brand with its active banner count (which is what `bannerCount` in the settings reports). */
export async function loadBrands(db: Queryable): Promise<BrandRecord[]> {
  const { rows } = await db.query<BrandRow>(
    `select b.*, (select count(*)::int from banners n where n.brand_id = b.id and n.active) as banner_count,
            array(select h.host from brand_hosts h where h.brand_id = b.id order by h.host) as hosts,
            (extract(epoch from b.edited_at) * 1000)::bigint::text as edited_ms
       from brands b order by b.created_at, b.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    siteTitle: row.site_title,
    siteTitles: row.site_titles ?? {},
    settings: { ...row.settings, id: row.id, name: row.name, bannerCount: row.banner_count },
    support: row.support,
    systemConfigs: row.system_configs,
    walletType: row.wallet_type === 1 ? 1 : 0,
    customerLink: row.customer_link,
    hosts: row.hosts ?? [],
    editedAt: row.edited_ms === null ? null : Number(row.edited_ms),
  }));
}

/** Active banners of a brand in display order. */
export async function loadBanners(db: Queryable, brandId: string): Promise<BannerRecord[]> {
  const { rows } = await db.query<{
    image_url: string;
    link_url: string | null;
    title: string | null;
    titles: Translations | null;
  }>(
    'select image_url, link_url, title, titles from banners where brand_id = $1 and active order by sort, id',
    [brandId],
  );
  return rows.map((row) => ({
    imageUrl: row.image_url,
    linkUrl: row.link_url,
    title: row.title,
    titles: row.titles ?? {},
  }));
}

/** Title of banner `sort` of a brand in `language` (English fallback), for its generated image; or null. */
export async function bannerTitle(
  db: Queryable,
  brandId: string,
  sort: number,
  language = 'en',
): Promise<string | null> {
  const { rows } = await db.query<{ title: string | null; titles: Translations | null }>(
    'select title, titles from banners where brand_id = $1 and sort = $2',
    [brandId, sort],
  );
  const row = rows[0];
  return row === undefined ? null : translated(row.title ?? '', row.titles, language);
}
