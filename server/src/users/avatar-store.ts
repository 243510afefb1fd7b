import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AVATAR_MAX_BYTES } from '../../../src/core/contract/users';
import { detectImageType, IMAGE_SNIFF_BYTES, type ImageType } from './image-type';

export { AVATAR_MAX_BYTES };

/** Why an upload was refused. */
export class AvatarRejected extends Error {
  constructor(readonly reason: 'empty' | 'type' | 'size') {
    super(`avatar rejected: ${reason}`);
    this.name = 'AvatarRejected';
  }
}

/** Names the store gives files: random, so no user input ever reaches a path. */
const FILE_NAME = /^[0-9a-f]{32}\.(jpg|png|heic)$/;

/** Avatar files in one directory (the data dir's `avatars/`; object storage would implement the same). */
export interface AvatarStore {
  /** Streams an upload to disk, checking its type on the first bytes and its size as it goes. */
  save(source: Readable): Promise<{ file: string; type: ImageType; size: number }>;
  /** A stream of a stored file, or null when the name is not one of ours or the file is gone. */
  open(file: string): Promise<{ stream: ReadStream; size: number; type: ImageType } | null>;
  remove(file: string): Promise<void>;
}

/** Checks the magic bytes and the running size while the upload streams through. */
function inspector(maxBytes: number, found: { type: ImageType | null; size: number }) {
  let head = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      found.size += chunk.length;
      if (found.size > maxBytes) return done(new AvatarRejected('size'));
      if (found.type === null) {
        head = Buffer.concat([head, chunk]);
        if (head.length < IMAGE_SNIFF_BYTES) return done();
        found.type = detectImageType(head);
        if (found.type === null) return done(new AvatarRejected('type'));
        const pending = head;
        head = Buffer.alloc(0);
        return done(null, pending);
      }
      return done(null, chunk);
    },
    flush(done) {
      if (found.size === 0) return done(new AvatarRejected('empty'));
      if (found.type === null) {
        // Fewer bytes than the sniff window: only a (truncated) JPEG or PNG header can match.
        found.type = detectImageType(head);
        if (found.type === null) return done(new AvatarRejected('type'));
        return done(null, head);
      }
      return done();
    },
  });
}

/** An avatar store in `dir` (created at the first upload). */
export function createAvatarStore(dir: string, maxBytes = AVATAR_MAX_BYTES): AvatarStore {
  return {
    async save(source) {
      await mkdir(dir, { recursive: true });
      const id = randomBytes(16).toString('hex');
      const partial = join(dir, `${id}.part`);
      const found: { type: ImageType | null; size: number } = { type: null, size: 0 };
      const out = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(source, inspector(maxBytes, found), out);
      } catch (error) {
        // A refusal in the first chunk comes while the file is still being opened: removing it before the
        // stream has closed would let the open create it afterwards, a `.part` left behind.
        if (!out.closed) await new Promise<void>((closed) => out.once('close', () => closed()));
        await rm(partial, { force: true });
        throw error;
      }
      const file = `${id}.${found.type as ImageType}`;
      await rename(partial, join(dir, file));
      return { file, type: found.type as ImageType, size: found.size };
    },
    async open(file) {
      const match = FILE_NAME.exec(file);
      if (!match) return null;
      const path = join(dir, file);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(path), size: info.size, type: match[1] as ImageType };
    },
    async remove(file) {
      if (FILE_NAME.test(file)) await rm(join(dir, file), { force: true });
    },
  };
}
