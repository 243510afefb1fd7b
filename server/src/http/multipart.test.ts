import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackMultipartErrors } from './multipart';

/** A request whose `parts()` yields one file part, then fails with `iteratorError` when given. */
function requestWith(file: Readable, iteratorError?: Error) {
  return {
    async *parts() {
      yield { type: 'file', fieldname: 'f', file };
      if (iteratorError) throw iteratorError;
    },
  } as { parts(): AsyncIterable<{ file: Readable }> };
}

const track = (request: object) => trackMultipartErrors(request as FastifyRequest);

const drain = async (iterable: AsyncIterable<unknown>) => {
  for await (const _ of iterable) {
    /* read every part */
  }
};

describe('trackMultipartErrors', () => {
  it("knows the reader's errors: the iterator's and a part's stream failing, also before it was read", async () => {
    const failing = new Readable({ read() {} });
    const request = requestWith(failing, new Error('Unexpected end of multipart data'));
    const fromReader = track(request);
    const thrown = await drain(request.parts()).catch((error: unknown) => error);
    expect(fromReader(thrown)).toBe(true);

    const truncated = new Readable({ read() {} });
    const second = requestWith(truncated);
    const known = track(second);
    const streamError = new Error('Part terminated early due to unexpected end of multipart data');
    for await (const part of second.parts()) part.file.destroy(streamError);
    await new Promise((resolve) => truncated.once('close', resolve));
    expect(known(streamError)).toBe(true);
    expect(known(new Error('a handler failure'))).toBe(false);
  });

  it('leaves a system error of the stream a part was piped into to the server (HTTP 500)', async () => {
    const file = new Readable({ read() {} });
    const request = requestWith(file);
    const fromReader = track(request);
    const diskFull = Object.assign(new Error('ENOSPC: no space left on device'), {
      errno: -28,
      code: 'ENOSPC',
      syscall: 'write',
    });
    for await (const part of request.parts()) part.file.destroy(diskFull);
    await new Promise((resolve) => file.once('close', resolve));
    expect(fromReader(diskFull)).toBe(false);
  });
});
