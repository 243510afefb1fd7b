import fp from 'fastify-plugin';
import { brandAdminRoutes } from './admin-routes';
import { brandPageRoutes } from './pages';
import { brandApiRoutes } from './routes';
import { DEFAULT_BRAND_ID } from './seed-data';
import { seedBrands } from './seed';
import { createBrandService, type BrandService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Brands: per-request resolution (`app.brand.of(request)`) over the seeded brands table. */
    brand: BrandService;
  }
}

/** Options of the `brand` plugin. */
export interface BrandPluginOptions {
  /** Brand of requests that name none (env `BRAND`; default `tradekit`). */
  defaultBrand?: string;
}

/**
 * Seeds the reference brands, decorates `app.brand`, serves config, banners, service link and assets, and the
 * brand operators' admin routes (BE1).
 */
export const brandPlugin = fp<BrandPluginOptions>(
  async (app, options) => {
    await seedBrands(app.db);
    const service = await createBrandService(
      app.db,
      options.defaultBrand ?? DEFAULT_BRAND_ID,
      DEFAULT_BRAND_ID,
      (id) => app.log.warn({ brand: id }, 'default brand not found, using %s', DEFAULT_BRAND_ID),
    );
    app.decorate('brand', service);
    await brandApiRoutes(app);
    await brandPageRoutes(app);
    brandAdminRoutes(app);
  },
  { name: 'brand', fastify: '5.x', dependencies: ['db', 'cluster', 'http', 'admin'] },
);
