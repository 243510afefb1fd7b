import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Options of the `compression` plugin (EK10); tests and the bench change them, the app takes the defaults. */
export interface CompressionOptions {
  /** Smallest body, in bytes, that is compressed (default 1,024). */
  threshold?: number;
  /** Brotli quality, 0–11 (default 5). */
  brotliQuality?: number;
  /** Gzip level, 1–9 (default 6). */
  gzipLevel?: number;
}

export const COMPRESSION_DEFAULTS = { threshold: 1024, brotliQuality: 5, gzipLevel: 6 } as const;

/**
 * Bodies up to this size are compressed on the event loop, where a small one costs least (brotli 5 on this
 * machine, bench/json-compression.ts: 0.2–0.3 ms for the 25 KB quote list or history page, but 1.2 ms for 48 KB
 * of candles); larger ones in libuv's thread pool, so a big answer (300 or 1,000 candles, the OpenAPI document)
 * does not hold up other requests.
 */
export const SYNC_LIMIT = 32 * 1024;

/**
 * Text the server writes per request: JSON (the API's answers and errors, the OpenAPI document), plain text,
 * CSV, XML, SVG (the generated product logos), HTML (the pages with their per-response nonce, the API reference)
 * and scripts. Server-sent events are a stream and never compressed here.
 */
const COMPRESSIBLE =
  /^(?:application\/(?:json|[\w.-]+\+json|xml|[\w.-]+\+xml|javascript)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(?:;|$)/i;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli or gzip, whichever has the higher q-value
 * (brotli on a tie: smaller at the same cost), or null when neither is acceptable (no header, `identity`,
 * `q=0`). `*` stands for every coding the header does not name; `x-gzip` is gzip (RFC 9110 §8.4.1.3).
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!token) continue;
    const weight = params.find((param) => param.startsWith('q='));
    const value = weight === undefined ? 1 : Number(weight.slice(2));
    const name = token === 'x-gzip' ? 'gzip' : token;
    // A malformed q-value makes the coding unacceptable rather than preferred.
    q.set(name, Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
  }
  const any = q.get('*') ?? 0;
  const br = q.get('br') ?? any;
  const gz = q.get('gzip') ?? any;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Adds `Accept-Encoding` to the reply's `Vary` unless it is there (or `*`). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * True when the reply may be compressed whatever the browser accepts: a full answer with a body (not HEAD, 204,
 * 304, 206, 1xx), of a text type, not encoded yet (the built files come precompressed, EK2), not a WebSocket
 * upgrade, and not marked `no-transform`.
 */
function compressible(request: FastifyRequest, reply: FastifyReply): boolean {
  const status = reply.statusCode;
  if (request.method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304) {
    return false;
  }
  if (request.headers.upgrade !== undefined) return false;
  if (reply.getHeader('content-encoding') !== undefined || reply.getHeader('content-range') !== undefined) {
    return false;
  }
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(reply.getHeader('cache-control') ?? ''))) return false;
  return COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));
}

/** Compressors at the given levels, on the event loop for small bodies and in the thread pool for large ones. */
export function compressors(options: CompressionOptions = {}) {
  const brotliQuality = options.brotliQuality ?? COMPRESSION_DEFAULTS.brotliQuality;
  const gzipLevel = options.gzipLevel ?? COMPRESSION_DEFAULTS.gzipLevel;
  const brotliOptions = (size: number) => ({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      // The size lets brotli pick its window and skip work for a body it knows is small.
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
  const brotliAsync = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    br: (body: Buffer): Buffer | Promise<Buffer> =>
      body.length <= SYNC_LIMIT
        ? brotliCompressSync(body, brotliOptions(body.length))
        : brotliAsync(body, brotliOptions(body.length)),
    gzip: (body: Buffer): Buffer | Promise<Buffer> =>
      body.length <= SYNC_LIMIT
        ? gzipSync(body, { level: gzipLevel })
        : gzipAsync(body, { level: gzipLevel }),
  };
}

/**
 * Compresses the answers the server writes per request (EK10): a string or buffer body of a text type, at least
 * `threshold` bytes, in brotli (quality 5) when the browser accepts it, else gzip (level 6), with
 * `Vary: Accept-Encoding`. Streams are left alone: the built files (already precompressed, EK2, by
 * @fastify/static), anything sent as a stream or an event stream. A WebSocket upgrade never reaches onSend.
 * A client that sends no `Accept-Encoding` (light-my-request's inject, curl) gets the plain body.
 */
export const compressionPlugin = fp<CompressionOptions>(
  async (app, options) => {
    const threshold = options.threshold ?? COMPRESSION_DEFAULTS.threshold;
    const compress = compressors(options);
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (!compressible(request, reply)) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < threshold) return payload;
      // From this size on the answer depends on Accept-Encoding, also for the clients that get it plain.
      varyOnEncoding(reply);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed = await compress[encoding](body);
      reply.header('content-encoding', encoding);
      // Fastify sets the length of the body it is given; a length a route set for the plain body would lie.
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compression', fastify: '5.x', dependencies: ['http'] },
);
