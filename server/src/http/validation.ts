/**
 * Input validation of every route (issue #10): one Ajv compiler for JSON bodies and one for the parts that
 * arrive as text (query string, path parameters, headers).
 *
 * - A JSON body carries its own types, so it is validated as written: `"Infinity"`, `"12"` or `true` where
 *   the contract declares a number are refused (1001), never converted.
 * - Query strings and path segments are always text, so they are coerced to the declared types; Ajv then
 *   skips `minimum`/`maximum` for non-finite numbers (its range checks only run on finite ones), so every
 *   coerced number must also be finite and within ±2^53 or the request is refused.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { buildSerializer } from './serialization';

/** The Ajv options every part shares (unknown fields stripped, defaults filled in). */
export const AJV_OPTIONS = { removeAdditional: true, useDefaults: true } as const;

type AjvServerOptions = NonNullable<FastifyServerOptions['ajv']>;
type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type ExternalSchemas = Parameters<ReturnType<typeof AjvCompiler>>[0];

/** The error Fastify turns into a validation failure (the error handler answers 1001). */
class CoercedNumberError extends Error {
  readonly validation: Array<{ instancePath: string; message: string }>;
  readonly validationContext: string;
  constructor(httpPart: string, path: string) {
    super(`${httpPart}${path} must be a finite number`);
    this.validation = [{ instancePath: path, message: 'must be a finite number' }];
    this.validationContext = httpPart;
  }
}

/** The path of the first number that is not finite or beyond ±2^53 inside `value`, or null. */
export function unsafeNumberPath(value: unknown, path = ''): string | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? null : path || '/';
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = unsafeNumberPath(item, `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * One Ajv compiler pool for the process: it keeps one Ajv per set of shared schemas and options, and Ajv keeps
 * what it compiled per schema object, so a second app of the same process (the server test files share their
 * modules, TR7) reuses the validators of the first instead of compiling every route's schemas again.
 */
const factory = AjvCompiler();

/**
 * `schemaController.compilersFactory.buildValidator` of the app: bodies without coercion, text parts with
 * coercion and the finite check.
 */
export function buildValidator(externalSchemas: ExternalSchemas, options: AjvServerOptions = {}) {
  const customOptions = { ...options.customOptions, ...AJV_OPTIONS };
  const plugins = options.plugins ?? [];
  const strict = factory(externalSchemas, {
    customOptions: { ...customOptions, coerceTypes: false },
    plugins,
  });
  const coercing = factory(externalSchemas, {
    customOptions: { ...customOptions, coerceTypes: 'array' },
    plugins,
  });
  return (route: RouteSchema) => {
    if (route.httpPart === 'body') return strict(route);
    const validate = coercing(route);
    const part = route.httpPart ?? 'input';
    return (data: unknown) => {
      if (!validate(data)) return { error: toError(validate.errors, part) };
      const bad = unsafeNumberPath(data);
      return bad ? { error: new CoercedNumberError(part, bad) } : { value: data };
    };
  };
}

function toError(errors: unknown, part: string): Error {
  const error = new Error(`${part} is invalid`) as Error & { validation: unknown; validationContext: string };
  error.validation = errors ?? [];
  error.validationContext = part;
  return error;
}

/** The Fastify server options that install this validation (`buildApp` and module test apps). */
export const VALIDATION_OPTIONS: Pick<FastifyServerOptions, 'ajv' | 'schemaController'> = {
  ajv: { customOptions: AJV_OPTIONS },
  // Fastify types the factory after Ajv's own compile signature; at run time it is called with the route.
  // Response serializers are kept per schema object as well (serialization.ts).
  schemaController: {
    compilersFactory: { buildValidator: buildValidator as never, buildSerializer: buildSerializer as never },
  },
};
