import type { FastifyInstance } from 'fastify';
import { bannerList, customerLink, systemConfig } from '../../../src/core/contract/brand';
import { translated } from '../../../src/core/contract/translations';
import { ok } from '../http/envelope';
import { absoluteUrl } from '../http/origin';
import { route } from '../http/route';
import { absoluteCustomerLink } from './runtime-config';
import { loadBanners } from './store';

/** Our own generated banner images (root-relative, no query): an operator's image URL is left as it is. */
const isGenerated = (url: string) => /^\/brand-assets\/[^/?]+\/banner-\d+\.svg$/.test(url);

/** The public brand endpoints of the web API (spec §7 `/wa-na/`); `?brand=`, `x-tk-brand` or the host name picks the brand. */
export async function brandApiRoutes(app: FastifyInstance): Promise<void> {
  route(app, systemConfig, async (_input, { request }) => {
    const brand = app.brand.of(request);
    return ok({ systemConfigs: brand.systemConfigs, walletType: brand.walletType });
  });

  route(app, bannerList, async (input, { request }) => {
    const banners = await loadBanners(app.db, app.brand.of(request).id);
    const lang = input.locale?.trim().toLowerCase() ?? '';
    return ok(
      banners.map((banner) => {
        const title = banner.title ? translated(banner.title, banner.titles, lang) : '';
        // A generated image draws its title: the translated one is asked for by language.
        const localised = title !== '' && title !== banner.title && isGenerated(banner.imageUrl);
        const image = localised ? `${banner.imageUrl}?lang=${encodeURIComponent(lang)}` : banner.imageUrl;
        return {
          bannerUrl: absoluteUrl(image, request.publicOrigin),
          ...(banner.linkUrl ? { linkUrl: banner.linkUrl } : {}),
          ...(title ? { title } : {}),
        };
      }),
    );
  });

  route(app, customerLink, async (_input, { request }) =>
    ok(absoluteCustomerLink(app.brand.of(request).customerLink, request.publicOrigin)),
  );
}
