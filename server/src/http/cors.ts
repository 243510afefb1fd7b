import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/** Options of the `cors` plugin. */
export interface CorsPluginOptions {
  /** Origins allowed to call the APIs (`ALLOWED_ORIGINS`); empty or missing: any origin. */
  allowedOrigins?: string[];
}

/**
 * CORS for the APIs: widgets run on brand pages of other origins. No cookies are used (bearer tokens travel
 * in a header), so `*` is safe by default; a list narrows it to known brand sites.
 */
export const corsPlugin = fp<CorsPluginOptions>(
  async (app, options) => {
    const list = options.allowedOrigins ?? [];
    await app.register(cors, {
      origin: list.length > 0 ? list : '*',
      methods: ['GET', 'POST'],
      allowedHeaders: ['content-type', 'authorization', 'x-tk-brand', 'idempotency-key'],
      maxAge: 600,
    });
  },
  { name: 'cors', fastify: '5.x' },
);
