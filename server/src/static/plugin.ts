import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SPLASH_PLACEHOLDER } from '../../../src/core/contract/csp';
import { PAGE_PRELOADS_FILE } from '../../../src/core/contract/route-pattern';
import { brandSplash } from '../brand';
import { isApiPath } from '../http/paths';
import { pageFileSender } from './page-file';
import { pagePreloadsReader, preloadLinks } from './page-preloads';

/** Options of the `static` plugin. */
export interface StaticPluginOptions {
  /** The vite build output (default `dist/` at the repository root). */
  distDir: string;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
const NOT_BUILT = 'The site is not built: run npm run build\n';

/**
 * `vary: accept-encoding` on a built file: the same URL answers brotli, gzip or the file itself by what the
 * browser accepts (EK2), so a shared cache must keep them apart.
 */
function varyEncoding(reply: FastifyReply): FastifyReply {
  const vary = String(reply.getHeader('vary') ?? '');
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return reply;
  return reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** Headers that let brand pages on other origins load widget code and assets. */
function crossOrigin(reply: FastifyReply): FastifyReply {
  return varyEncoding(reply)
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin');
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the vite build: widget entries and their hashed chunks (cross-origin), hashed assets, files at the
 * root of dist, and `index.html` for every other page route (SPA fallback). Files are looked up per request,
 * so a build made while the server runs is picked up.
 */
export const staticPlugin = fp<StaticPluginOptions>(
  async (app, options) => {
    const root = resolve(options.distDir);
    // The build writes .br and .gz beside each script and style (EK2): the smallest one the browser accepts goes
    // out, with `content-encoding` and `vary: accept-encoding`; the file itself otherwise.
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

    app.get<{ Params: { '*': string } }>('/widgets/*', (request, reply) => {
      const file = request.params['*'];
      // Entries keep stable names (partners embed /widgets/tk-quotes.js) and revalidate; chunks are hashed, the
      // lite build's under lite/chunks/ too (EK14).
      if (/^(?:lite\/)?chunks\//.test(file)) {
        return crossOrigin(reply).sendFile(join('widgets', file), { maxAge: YEAR_MS, immutable: true });
      }
      return crossOrigin(reply)
        .header('cache-control', 'no-cache')
        .sendFile(join('widgets', file), { cacheControl: false });
    });

    app.get<{ Params: { '*': string } }>('/assets/*', (request, reply) =>
      crossOrigin(reply).sendFile(join('assets', request.params['*']), { maxAge: YEAR_MS, immutable: true }),
    );

    const sendPage = pageFileSender();
    const pagePreloads = pagePreloadsReader(join(root, PAGE_PRELOADS_FILE));
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await isFile(join(root, 'index.html')))) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT);
      }
      // The brand's loading screen in the page's #root (EK33); a server without the brand module shows none.
      const splash = app.hasDecorator('brand') ? brandSplash(app.brand.of(request)) : '';
      // The code of the page this path shows, fetched beside the host's own (EK55).
      const routes = await pagePreloads();
      const pathname = request.url.split('?')[0] ?? '/';
      return sendPage(request, reply, join(root, 'index.html'), (html, nonce) =>
        html
          .replace(SPLASH_PLACEHOLDER, () => splash)
          .replace('</head>', () => `${preloadLinks(routes, pathname, nonce)}</head>`),
      );
    };

    /**
     * A site that is a build of its own under dist/<dir> (the back office, the partners' configurator): its
     * hashed assets for a year, and its page for `/<dir>` and every other path under it.
     */
    const serveSite = (dir: string, headers: Record<string, string>) => {
      const sendSitePage = async (request: FastifyRequest, reply: FastifyReply) => {
        if (!(await isFile(join(root, dir, 'index.html')))) {
          return reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(NOT_BUILT);
        }
        reply.headers(headers);
        return sendPage(request, reply, join(root, dir, 'index.html'));
      };
      app.get(`/${dir}`, (request, reply) => sendSitePage(request, reply));
      app.get<{ Params: { '*': string } }>(`/${dir}/*`, async (request, reply) => {
        const file = request.params['*'];
        const path = resolve(root, dir, file);
        if (
          file.startsWith('assets/') &&
          path.startsWith(join(root, dir, 'assets') + sep) &&
          (await isFile(path))
        ) {
          return varyEncoding(reply).sendFile(join(dir, file), { maxAge: YEAR_MS, immutable: true });
        }
        return sendSitePage(request, reply);
      });
    };
    // The operators' site: never framed, never indexed.
    serveSite('backoffice', { 'x-robots-tag': 'noindex', 'x-frame-options': 'DENY' });
    // The partners' widget configurator (EK3): a public page, not framed (the http plugin's default for HTML). It
    // is in no trader menu: the host's navigation does not name it.
    serveSite('embed', {});

    app.get('/', (request, reply) => sendIndex(request, reply));
    app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      const path = resolve(root, request.params['*']);
      if (path.startsWith(root + sep) && !path.endsWith('index.html') && (await isFile(path))) {
        // Partner pages show these files (coin icons) by <img> from their own origin.
        return crossOrigin(reply)
          .header('cache-control', 'no-cache')
          .sendFile(request.params['*'], { cacheControl: false });
      }
      if (!acceptsHtml(request)) return reply.callNotFound();
      return sendIndex(request, reply);
    });
  },
  { name: 'static', fastify: '5.x', dependencies: ['http'] },
);
