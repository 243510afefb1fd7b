import type { FastifyInstance } from 'fastify';
import type { Banner, SystemConfigResponse } from '../../../src/core/contract/types';
import { ok } from '../http/envelope';
import { absoluteUrl } from '../http/origin';
import { apiRoute, objectSchema } from '../http/legacy-route';
import { absoluteCustomerLink } from './runtime-config';
import { loadBanners } from './store';

/** `?brand=` is accepted on every brand route (the header `x-tk-brand` works too). */
export const BRAND_QUERY = objectSchema({ brand: { type: 'string', maxLength: 64 } });

const SYSTEM_CONFIG_DATA = {
  type: 'object',
  properties: {
    systemConfigs: {
      type: 'array',
      items: objectSchema(
        { name: { type: 'string' }, enable: { type: 'boolean' }, value: { type: 'string' } },
        ['name', 'enable'],
      ),
    },
    walletType: { type: 'integer', enum: [0, 1] },
  },
  required: ['systemConfigs', 'walletType'],
};

const BANNER_LIST_DATA = {
  type: 'array',
  items: objectSchema(
    { bannerUrl: { type: 'string' }, linkUrl: { type: 'string' }, title: { type: 'string' } },
    ['bannerUrl'],
  ),
};

/** The public brand endpoints of the web API (spec §7 `/wa-na/`). */
export async function brandApiRoutes(app: FastifyInstance): Promise<void> {
  apiRoute<Record<string, never>, SystemConfigResponse>(app, {
    url: '/v1/wa-na/system/systemConfig/getAllConfigStatusWeb',
    methods: ['POST', 'GET'],
    summary: 'System configs and feature flags of the brand',
    query: BRAND_QUERY,
    data: SYSTEM_CONFIG_DATA,
    handler: async (_input, request) => {
      const brand = app.brand.of(request);
      return ok({ systemConfigs: brand.systemConfigs, walletType: brand.walletType });
    },
  });

  apiRoute<Record<string, never>, Banner[]>(app, {
    url: '/v1/wa-na/appBanner/list',
    methods: ['POST', 'GET'],
    summary: 'Active home banners of the brand, in display order',
    query: BRAND_QUERY,
    data: BANNER_LIST_DATA,
    handler: async (_input, request) => {
      const banners = await loadBanners(app.db, app.brand.of(request).id);
      return ok(
        banners.map((banner) => ({
          bannerUrl: absoluteUrl(banner.imageUrl, request.publicOrigin),
          ...(banner.linkUrl ? { linkUrl: banner.linkUrl } : {}),
          ...(banner.title ? { title: banner.title } : {}),
        })),
      );
    },
  });

  apiRoute<Record<string, never>, string>(app, {
    url: '/v1/wa-na/getCustomerLink',
    methods: ['POST', 'GET'],
    summary: 'Service link value "type|[json list]"',
    query: BRAND_QUERY,
    data: { type: 'string' },
    handler: async (_input, request) =>
      ok(absoluteCustomerLink(app.brand.of(request).customerLink, request.publicOrigin)),
  });
}
