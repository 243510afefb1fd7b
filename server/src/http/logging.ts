import type { FastifyServerOptions } from 'fastify';

/** Secrets that never reach a log line, wherever a serializer or a log call puts them. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'password',
  'token',
  'refreshToken',
  '*.authorization',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.*.password',
  '*.*.token',
  '*.*.refreshToken',
];

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Fastify logger options with redaction; `false` keeps the app silent (tests). */
export function loggerOptions(logger: boolean | LoggerOptions | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = typeof logger === 'object' ? logger : {};
  return { level: 'info', ...base, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}
