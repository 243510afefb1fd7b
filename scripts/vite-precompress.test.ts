import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { brotliQuality, precompress } from './vite-precompress';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompress', () => {
  it('writes .br and .gz beside scripts and styles of 1 KB or more, and nothing else', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tk-precompress-'));
    const script = `export const a = [${'"abc", '.repeat(400)}];`;
    const style = `.a{color:red}\n`.repeat(100);
    await mkdir(join(dir, 'widgets/chunks'), { recursive: true });
    await mkdir(join(dir, '.vite'), { recursive: true });
    await writeFile(join(dir, 'widgets/chunks/big.js'), script);
    await writeFile(join(dir, 'style.css'), style);
    await writeFile(join(dir, 'widgets/small.js'), 'export {};');
    await writeFile(join(dir, 'index.html'), `<!doctype html>${' '.repeat(2000)}`);
    await writeFile(join(dir, 'icon.png'), Buffer.alloc(4000, 1));
    await writeFile(join(dir, '.vite/manifest.json'), JSON.stringify({ a: 'b'.repeat(2000) }));

    expect(await precompress(dir, 5)).toBe(2);
    const files = (await readdir(dir, { recursive: true })).sort();
    expect(files.filter((f) => /\.(br|gz)$/.test(f))).toEqual([
      'style.css.br',
      'style.css.gz',
      join('widgets/chunks/big.js.br'),
      join('widgets/chunks/big.js.gz'),
    ]);
    expect(brotliDecompressSync(await readFile(join(dir, 'widgets/chunks/big.js.br'))).toString()).toBe(
      script,
    );
    expect(gunzipSync(await readFile(join(dir, 'style.css.gz'))).toString()).toBe(style);
  });

  it('reads the brotli quality from TK_BROTLI_QUALITY, 11 when absent or not a quality', () => {
    expect(brotliQuality({})).toBe(11);
    expect(brotliQuality({ TK_BROTLI_QUALITY: '5' })).toBe(5);
    expect(brotliQuality({ TK_BROTLI_QUALITY: '12' })).toBe(11);
    expect(brotliQuality({ TK_BROTLI_QUALITY: 'fast' })).toBe(11);
  });
});
