/**
 * Every built file a browser fetches as text is also written compressed, brotli (`.br`) and gzip (`.gz`),
 * when the build closes: the server sends the smallest one the browser accepts, without compressing per request
 * (decision EK2). Page files (`index.html`) are not: the server writes a fresh nonce into each response.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is compressed: scripts, styles, data and SVG of at least 1 KB (smaller ones fit one packet anyway). */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Brotli quality: 11 (the smallest files, about 20 s of CPU for the whole build) unless `TK_BROTLI_QUALITY`
 * says otherwise; `npm test` builds with 5 (the same bytes once decompressed, 15 % larger, under a second).
 */
export function brotliQuality(env: NodeJS.ProcessEnv = process.env): number {
  const quality = Number(env.TK_BROTLI_QUALITY ?? 11);
  return Number.isInteger(quality) && quality >= 0 && quality <= 11 ? quality : 11;
}

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (entry) =>
        entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.split(sep).includes('.vite'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir` that gets smaller; returns how many files. */
export async function precompress(dir: string, quality = brotliQuality()): Promise<number> {
  let count = 0;
  await Promise.all(
    (await filesOf(dir)).map(async (file) => {
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      if (br.length >= bytes.length && gz.length >= bytes.length) return;
      if (br.length < bytes.length) await writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
      count += 1;
    }),
  );
  return count;
}

/** Compresses `outDir` after every build of the run (widgets, host, back office) has written its files. */
export function precompressPlugin(outDir: string): Plugin {
  return {
    name: 'tradekit-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompress(outDir);
      },
    },
  };
}
