/**
 * The Fastify server options of the HTTP layer, shared by `buildApp` and module test apps: input validation
 * per request part (validation.ts) and the envelope answer of errors raised before routing (plugin.ts).
 */
import type { FastifyServerOptions } from 'fastify';
import { frameworkErrors } from './plugin';
import { VALIDATION_OPTIONS } from './validation';

export const HTTP_SERVER_OPTIONS: Pick<FastifyServerOptions, 'ajv' | 'schemaController' | 'frameworkErrors'> =
  {
    ...VALIDATION_OPTIONS,
    frameworkErrors,
  };
