import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/** Options of the `cors` plugin. */
export interface CorsPluginOptions {
  /** Origins allowed to call the APIs (`ALLOWED_ORIGINS`); empty or missing: any origin. */
  allowedOrigins?: string[];
}

/**
 * CORS for the APIs: widgets run on brand pages of other origins. Bearer tokens travel in a header; the one
 * cookie is the HttpOnly refresh cookie, sent only to the refresh call (`Path`) and accepted there only from the
 * origin its session was opened from (decision SC3). Credentialed calls need the caller's origin echoed, not
 * `*`: without a list every origin is echoed, a list narrows it to known brand sites.
 */
export const corsPlugin = fp<CorsPluginOptions>(
  async (app, options) => {
    const list = options.allowedOrigins ?? [];
    await app.register(cors, {
      origin: list.length > 0 ? list : true,
      credentials: true,
      methods: ['GET', 'POST'],
      allowedHeaders: ['content-type', 'authorization', 'x-tk-brand', 'idempotency-key'],
      maxAge: 600,
    });
  },
  { name: 'cors', fastify: '5.x' },
);
