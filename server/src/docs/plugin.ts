import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { apiReferencePage, openApiDocument } from '../../../src/core/contract/docs';
import { resourceRoute } from '../http/route';
import { OPENAPI_OPTIONS, openApiDocumentOf } from './openapi';
import { renderReferencePage } from './reference-page';

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
    resourceRoute(app, apiReferencePage, async (_input, _request, reply) => {
      page ??= renderReferencePage(openApiDocumentOf(app));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    });
  },
  { name: 'docs', fastify: '5.x', dependencies: ['http'] },
);
