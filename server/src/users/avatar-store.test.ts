import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AvatarRejected, createAvatarStore } from './avatar-store';
import { IMAGE_SNIFF_BYTES } from './image-type';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the avatar store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tk-avatars-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves no partial file when the first chunk is refused while the file is still being opened', async () => {
    const store = createAvatarStore(dir);
    // One chunk of a whole sniff window: refused at once, before the write stream has opened its file.
    const notAnImage = Buffer.alloc(IMAGE_SNIFF_BYTES, 0x3c);
    // Many at once: the file system's thread pool then runs an open beside a removal.
    const saves = await Promise.allSettled(
      Array.from({ length: 64 }, () => store.save(Readable.from([notAnImage]))),
    );
    for (const save of saves) {
      expect(save.status === 'rejected' && save.reason instanceof AvatarRejected).toBe(true);
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps an accepted image under its detected type and nothing else', async () => {
    const store = createAvatarStore(dir);
    const saved = await store.save(Readable.from([Buffer.concat([PNG_HEAD, Buffer.alloc(64)])]));
    expect(saved.type).toBe('png');
    expect(await readdir(dir)).toEqual([saved.file]);
  });
});
