import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { apiReferencePage, openApiDocument } from '../../../src/core/contract/docs';
import { pagePolicy } from '../http/page-policy';
import { resourceRoute } from '../http/route';
import { OPENAPI_OPTIONS, openApiDocumentOf } from './openapi';
import { REFERENCE_CSS, renderReferencePage } from './reference-page';

/** The reference page has no script and one style block, named by its hash. */
const STYLE_HASH = `sha256-${createHash('sha256').update(REFERENCE_CSS).digest('base64')}`;

/**
 * The API's description: registered before every other module so that @fastify/swagger sees each route as it
 * is added; serves `/docs/openapi.json` and the readable reference at `/docs/api`.
 */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, OPENAPI_OPTIONS);
    let page: string | null = null;
    resourceRoute(app, openApiDocument, async (_input, _request, reply) =>
      reply.header('cache-control', 'no-cache').send(openApiDocumentOf(app)),
    );
    resourceRoute(app, apiReferencePage, async (_input, request, reply) => {
      page ??= renderReferencePage(openApiDocumentOf(app));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header(
          'content-security-policy',
          pagePolicy({ publicOrigin: request.publicOrigin, styleHashes: [STYLE_HASH] }),
        )
        .send(page);
    });
  },
  { name: 'docs', fastify: '5.x', dependencies: ['http'] },
);
