import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '../../../src/core/contract/csp';
import { pagePolicy } from '../http/page-policy';

interface CachedPage {
  mtimeMs: number;
  size: number;
  text: string;
}

/**
 * Sends the built HTML pages (the host's index.html, the back office's) with a fresh CSP nonce per response:
 * the placeholder the build wrote into the page is replaced by the nonce, and the page's policy admits style
 * elements carrying it (the widgets' and the back office's CSS, written by script as `<style>` elements, copy it
 * from `<meta property="csp-nonce">`). Each file is read again when its size or time changes, so a build made
 * while the server runs is picked up. No ETag or Last-Modified: a revalidated copy would keep an old nonce.
 */
export function pageFileSender() {
  const cache = new Map<string, CachedPage>();

  async function read(path: string): Promise<string> {
    const info = await stat(path);
    const cached = cache.get(path);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.text;
    const text = await readFile(path, 'utf8');
    cache.set(path, { mtimeMs: info.mtimeMs, size: info.size, text });
    return text;
  }

  /** `fill`: what else the page gets per response (the host's loading screen, EK33; its page's code, EK55). */
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    fill: (html: string, nonce: string) => string = (html) => html,
  ) => {
    const nonce = randomBytes(16).toString('base64');
    const html = fill((await read(path)).replaceAll(CSP_NONCE_PLACEHOLDER, nonce), nonce);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header(
        'content-security-policy',
        pagePolicy({
          publicOrigin: request.publicOrigin,
          styleNonce: nonce,
          marketWs: request.server.config.marketWs,
        }),
      )
      .send(html);
  };
}
