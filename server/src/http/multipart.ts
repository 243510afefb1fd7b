/**
 * Malformed multipart bodies (issue #19 item 6). The multipart reader (@fastify/multipart over busboy) fails
 * a truncated body, a missing or over-long boundary or a body that never meets its boundary with plain errors
 * ("Unexpected end of multipart data", "Multipart: Boundary not found") that no route knew, so they answered
 * HTTP 500. route() reads the parts of a multipart endpoint through `trackMultipartErrors`: every error the
 * reader raises, through the parts iterator or a part's file stream, is remembered, and the route answers it
 * 1001 unless its handler turned it into a business answer of its own (an image too large).
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError } from './envelope';

type PartsMethod = (this: FastifyRequest, ...args: unknown[]) => AsyncIterable<unknown>;

/**
 * A part's file stream also fails with the error of the stream it is piped into (pipeline destroys both):
 * a system error there (a full disk) is the server's failure, not the client's body.
 */
const isReaderError = (error: unknown): error is object =>
  typeof error === 'object' && error !== null && !('syscall' in error) && !('errno' in error);

async function* tracked(source: AsyncIterable<unknown>, seen: Seen) {
  try {
    for await (const part of source) {
      const file = (part as { file?: unknown } | null)?.file;
      if (file instanceof Readable) {
        seen.files.push(file);
        file.on('error', (error: unknown) => seen.errors.add(error));
      }
      yield part;
    }
  } catch (error) {
    seen.errors.add(error);
    throw error;
  }
}

interface Seen {
  errors: Set<unknown>;
  files: Readable[];
}

/**
 * Wraps `request.parts()` (when the route's scope registered the multipart parser) so that the reader's
 * errors are known; answers whether an error is one of them. A part's stream may have failed before the
 * handler got it (the whole body had arrived), so its `errored` state counts as well as its error events.
 */
export function trackMultipartErrors(request: FastifyRequest): (error: unknown) => boolean {
  const seen: Seen = { errors: new Set(), files: [] };
  const target = request as unknown as { parts?: PartsMethod };
  const parts = target.parts;
  if (typeof parts === 'function') {
    target.parts = (...args: unknown[]) => tracked(parts.apply(request, args), seen);
  }
  return (error) =>
    isReaderError(error) && (seen.errors.has(error) || seen.files.some((file) => file.errored === error));
}

/**
 * Runs `read`, which reads the parts of `request`, answering the multipart reader's own errors 1001 (a
 * business answer `read` gave stays). route() runs multipart handlers through it; a route that reads its
 * parts in a hook (before its Idempotency-Key is reserved) does too.
 */
export async function readingParts<T>(request: FastifyRequest, read: () => Promise<T>): Promise<T> {
  const fromReader = trackMultipartErrors(request);
  try {
    return await read();
  } catch (error) {
    if (error instanceof BusinessError || !fromReader(error)) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new BusinessError(Code.INCORRECT_PARAMETER);
  }
}
