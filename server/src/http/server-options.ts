/**
 * The Fastify server options of the HTTP layer, shared by `buildApp` and module test apps: input validation
 * per request part (validation.ts), the envelope answer of errors raised before routing (plugin.ts) and the
 * default body limit of every route (json-body.ts; a route may declare a larger `bodyLimit`).
 */
import type { FastifyServerOptions } from 'fastify';
import { JSON_BODY_LIMIT } from './json-body';
import { frameworkErrors } from './plugin';
import { VALIDATION_OPTIONS } from './validation';

export const HTTP_SERVER_OPTIONS: Pick<
  FastifyServerOptions,
  'ajv' | 'schemaController' | 'frameworkErrors' | 'bodyLimit'
> = {
  ...VALIDATION_OPTIONS,
  frameworkErrors,
  bodyLimit: JSON_BODY_LIMIT,
};
