import type { FastifyInstance } from 'fastify';
import {
  brandAsset,
  brandLogoPath,
  runtimeConfigFile,
  webManifestFile,
} from '../../../src/core/contract/brand';
import { resourceRoute } from '../http/route';
import { buildRuntimeConfig, versioned } from './runtime-config';
import { bannerTitle, type BrandRecord } from './store';
import { renderBanner, renderLogo } from './svg';

const ASSET_FILE = /^(?:logo|banner-(\d{1,3}))\.svg$/;

/** The page colours of each theme (the widgets' `--tk-surface`): the installed app's splash and title bar. */
const SURFACE = { light: '#ffffff', dark: '#131722' } as const;

/** The brand's web app manifest: its name, its logo (the generated SVG scales to every size), its theme. */
export function webManifest(brand: BrandRecord) {
  const surface = SURFACE[brand.settings.theme];
  return {
    id: '/',
    name: brand.siteTitle,
    short_name: brand.settings.name,
    lang: brand.settings.defaultLanguage,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: surface,
    theme_color: surface,
    icons: [
      {
        src: versioned(brandLogoPath(brand.id), brand.editedAt),
        sizes: 'any',
        type: 'image/svg+xml',
        purpose: 'any',
      },
    ],
  };
}

/** Non-envelope brand resources: `/config.json` and the generated SVG images. */
export async function brandPageRoutes(app: FastifyInstance): Promise<void> {
  resourceRoute(app, runtimeConfigFile, async (_input, request, reply) => {
    reply.header('cache-control', 'no-cache');
    return buildRuntimeConfig(app.brand.of(request), request.publicOrigin, app.config.marketWs);
  });

  resourceRoute(app, webManifestFile, async (_input, request, reply) => {
    const brand = app.brand.of(request);
    reply.type('application/manifest+json').header('cache-control', 'no-cache');
    return JSON.stringify(webManifest(brand));
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
