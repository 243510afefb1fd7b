import type { FastifyInstance } from 'fastify';
import { bannerList, customerLink, systemConfig } from '../../../src/core/contract/brand';
import { translated } from '../../../src/core/contract/translations';
import { ok } from '../http/envelope';
import { absoluteUrl } from '../http/origin';
import { route } from '../http/route';
import { isGeneratedBanner as isGenerated } from './edit';
import { absoluteCustomerLink, versioned } from './runtime-config';
import { loadBanners } from './store';

/** The public brand endpoints of the web API (spec §7 `/wa-na/`); `?brand=`, `x-tk-brand` or the host name picks the brand. */
export async function brandApiRoutes(app: FastifyInstance): Promise<void> {
  route(app, systemConfig, async (_input, { request }) => {
    const brand = app.brand.of(request);
    return ok({ systemConfigs: brand.systemConfigs, walletType: brand.walletType });
  });

  route(app, bannerList, async (input, { request }) => {
    const brand = app.brand.of(request);
    const banners = await loadBanners(app.db, brand.id);
    const lang = input.locale?.trim().toLowerCase() ?? '';
    return ok(
      banners.map((banner) => {
        const title = banner.title ? translated(banner.title, banner.titles, lang) : '';
        // A generated image draws its title: the translated one is asked for by language.
        const localised = title !== '' && title !== banner.title && isGenerated(banner.imageUrl);
        const image = localised ? `${banner.imageUrl}?lang=${encodeURIComponent(lang)}` : banner.imageUrl;
        return {
          bannerUrl: absoluteUrl(versioned(image, brand.editedAt), request.publicOrigin),
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
