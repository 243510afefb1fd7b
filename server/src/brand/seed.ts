import { brandBannerPath, brandLogoPath, servicePagePath } from '../../../src/core/contract/brand';
import type { Db, Queryable } from '../db/types';
import { EDITABLE_SETTING_KEYS } from './edit';
import { BRAND_SEEDS, type BrandSeed } from './seed-data';
import { buildSystemConfigs } from './system-configs';

/** Root-relative URL of a brand's logo (absolute on the request origin when served). */
export const logoPath = brandLogoPath;
/** Root-relative URL of a brand's generated banner image `n` (1-based). */
export const bannerPath = brandBannerPath;
export { servicePagePath };

/** The service link value "type|[json list]" of spec §3: online desk first, then the configured channels. */
export function customerLinkValue(seed: BrandSeed): string {
  const channels = [
    { name: 'online', url: servicePagePath(seed.id) },
    { name: 'telegram', url: seed.contacts.telegram },
    { name: 'whatsapp', url: seed.contacts.whatsapp },
  ].filter((channel) => channel.url !== '');
  return `${seed.customerLinkType}|${JSON.stringify(channels)}`;
}

async function upsertBrand(tx: Queryable, seed: BrandSeed): Promise<void> {
  const settings = { ...seed.settings, logoUrl: logoPath(seed.id) };
  const support = { url: servicePagePath(seed.id), ...seed.contacts };
  // What an operator edits of a brand is theirs once they saved it (BE3): the seed keeps its hands off those
  // settings, the titles, the flags and the banners, and still owns the rest (name, contacts, wallet type).
  const { rows } = await tx.query<{ seeded: boolean }>(
    `insert into brands (id, name, settings, site_title, support, system_configs, wallet_type, customer_link,
       site_titles)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (id) do update set name = excluded.name, support = excluded.support,
       wallet_type = excluded.wallet_type, customer_link = excluded.customer_link,
       settings = case when brands.edited_at is null then excluded.settings
         else excluded.settings || coalesce((select jsonb_object_agg(key, value) from jsonb_each(brands.settings)
                                             where key = any($10::text[])), '{}'::jsonb) end,
       site_title = case when brands.edited_at is null then excluded.site_title else brands.site_title end,
       site_titles = case when brands.edited_at is null then excluded.site_titles else brands.site_titles end,
       system_configs = case when brands.edited_at is null then excluded.system_configs
         else brands.system_configs end
     returning edited_at is null as seeded`,
    [
      seed.id,
      seed.name,
      JSON.stringify(settings),
      seed.siteTitle,
      JSON.stringify(support),
      JSON.stringify(buildSystemConfigs(settings, seed.flags)),
      seed.walletType,
      customerLinkValue(seed),
      JSON.stringify(seed.siteTitles ?? {}),
      EDITABLE_SETTING_KEYS,
    ],
  );
  // A host name an operator gave another brand keeps its brand: a seed only adds names nobody has.
  for (const host of seed.hosts ?? []) {
    await tx.query('insert into brand_hosts (host, brand_id) values ($1, $2) on conflict (host) do nothing', [
      host,
      seed.id,
    ]);
  }
  if (!rows[0]?.seeded) return;
  for (const [i, banner] of seed.banners.entries()) {
    const sort = i + 1;
    // `active` is left alone on conflict, and banners added later are never deleted: admin choices survive restarts.
    await tx.query(
      `insert into banners (brand_id, image_url, link_url, title, titles, sort, active)
       values ($1, $2, $3, $4, $5, $6, true)
       on conflict (brand_id, sort) do update set image_url = excluded.image_url, link_url = excluded.link_url,
         title = excluded.title, titles = excluded.titles`,
      [
        seed.id,
        bannerPath(seed.id, sort),
        banner.linkUrl,
        banner.title,
        JSON.stringify(banner.titles ?? {}),
        sort,
      ],
    );
  }
}

/** Upserts the reference brands and their banners (idempotent; safe with several processes starting). */
export async function seedBrands(db: Db, seeds: readonly BrandSeed[] = BRAND_SEEDS): Promise<void> {
  await db.exclusive('tradekit:seed-brands', () =>
    db.transaction(async (tx) => {
      for (const seed of seeds) await upsertBrand(tx, seed);
    }),
  );
}
