/** The API's own description: the generated OpenAPI document and a readable reference page. */
import { resource } from './endpoint';
import { Obj, T } from './schema';

export const openApiDocument = resource({
  service: 'site',
  path: 'docs/openapi.json',
  access: 'public',
  tag: 'docs',
  summary: 'OpenAPI 3.1 document of every route, generated from the contract declarations',
  input: Obj({}),
  produces: ['application/json'],
  answer: T.Object({ openapi: T.Literal('3.1.0') }, { description: 'An OpenAPI 3.1 document' }),
});

export const apiReferencePage = resource({
  service: 'site',
  path: 'docs/api',
  access: 'public',
  tag: 'docs',
  summary: 'Readable API reference rendered from the OpenAPI document',
  input: Obj({}),
  produces: ['text/html'],
});
