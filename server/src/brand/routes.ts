import type { FastifyInstance } from 'fastify';
import { bannerList, customerLink, systemConfig } from '../../../src/core/contract/brand';
import { ok } from '../http/envelope';
import { absoluteUrl } from '../http/origin';
import { route } from '../http/route';
import { absoluteCustomerLink } from './runtime-config';
import { loadBanners } from './store';

/** The public brand endpoints of the web API (spec §7 `/wa-na/`); `?brand=` or `x-tk-brand` picks the brand. */
export async function brandApiRoutes(app: FastifyInstance): Promise<void> {
  route(app, systemConfig, async (_input, { request }) => {
    const brand = app.brand.of(request);
    return ok({ systemConfigs: brand.systemConfigs, walletType: brand.walletType });
  });

  route(app, bannerList, async (_input, { request }) => {
    const banners = await loadBanners(app.db, app.brand.of(request).id);
    return ok(
      banners.map((banner) => ({
        bannerUrl: absoluteUrl(banner.imageUrl, request.publicOrigin),
        ...(banner.linkUrl ? { linkUrl: banner.linkUrl } : {}),
        ...(banner.title ? { title: banner.title } : {}),
      })),
    );
  });

  route(app, customerLink, async (_input, { request }) =>
    ok(absoluteCustomerLink(app.brand.of(request).customerLink, request.publicOrigin)),
  );
}
