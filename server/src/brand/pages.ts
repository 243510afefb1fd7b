import type { FastifyInstance } from 'fastify';
import { brandAsset, runtimeConfigFile } from '../../../src/core/contract/brand';
import { resourceRoute } from '../http/route';
import { buildRuntimeConfig } from './runtime-config';
import { bannerTitle } from './store';
import { renderBanner, renderLogo } from './svg';

const ASSET_FILE = /^(?:logo|banner-(\d{1,3}))\.svg$/;

/** Non-envelope brand resources: `/config.json` and the generated SVG images. */
export async function brandPageRoutes(app: FastifyInstance): Promise<void> {
  resourceRoute(app, runtimeConfigFile, async (_input, request, reply) => {
    reply.header('cache-control', 'no-cache');
    return buildRuntimeConfig(app.brand.of(request), request.publicOrigin, app.config.marketWs);
  });

  // Images are shown on brand pages of other origins, also under cross-origin isolation.
  resourceRoute(app, brandAsset, async (input, _request, reply) => {
    const brand = app.brand.get(input.brand);
    const match = ASSET_FILE.exec(input.file);
    if (!brand || !match) return reply.callNotFound();
    let svg = renderLogo(brand.settings);
    if (match[1] !== undefined) {
      const title = await bannerTitle(app.db, brand.id, Number(match[1]), input.lang ?? 'en');
      if (title === null) return reply.callNotFound();
      svg = renderBanner(brand.settings, Number(match[1]), title);
    }
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });
}
