import { describe, expect, it } from 'vitest';
import { MIN_FREE_BYTES, ramScratchDir } from './scratch-dir';

const statfsWith = (freeBytes: number) => () => ({ bavail: freeBytes / 4096, bsize: 4096 });

describe('the server tests’ scratch folder (TR56)', () => {
  it('is the RAM-backed folder when it is writable and has room', () => {
    expect(ramScratchDir({ statfs: statfsWith(MIN_FREE_BYTES), writable: () => true })).toBe('/dev/shm');
  });

  it('is not taken when it is small (a container’s 64 MB), read-only or missing', () => {
    expect(ramScratchDir({ statfs: statfsWith(64 * 1024 ** 2), writable: () => true })).toBeUndefined();
    expect(ramScratchDir({ statfs: statfsWith(MIN_FREE_BYTES), writable: () => false })).toBeUndefined();
    expect(ramScratchDir({ dir: '/no/such/folder' })).toBeUndefined();
  });
});
