/**
 * Where the server tests write their throw-away files (PGlite data directories, RabbitMQ's node, uploads): a
 * RAM-backed folder when the machine has one with room to spare, else the system's temporary folder (TR56).
 * A PGlite data directory is about 1,500 files; on a virtual disk, creating them costs the test a quarter of a
 * second of kernel time each time, on tmpfs a fraction of it.
 */
import { accessSync, constants, statfsSync } from 'node:fs';

/** At least this much free space, so that a small `/dev/shm` (a container's 64 MB) is never filled. */
export const MIN_FREE_BYTES = 4 * 1024 ** 3;

export interface ScratchOptions {
  dir?: string;
  minFreeBytes?: number;
  statfs?: (path: string) => { bavail: number; bsize: number };
  writable?: (path: string) => boolean;
}

const canWrite = (path: string): boolean => {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/** The RAM-backed folder when it exists, is writable and has `minFreeBytes` free; undefined otherwise. */
export function ramScratchDir({
  dir = '/dev/shm',
  minFreeBytes = MIN_FREE_BYTES,
  statfs = statfsSync,
  writable = canWrite,
}: ScratchOptions = {}): string | undefined {
  try {
    const { bavail, bsize } = statfs(dir);
    return bavail * bsize >= minFreeBytes && writable(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}
