// By-library attribution of the gzip bytes of built chunks through their source maps (`vite build --sourcemap`).
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Per generated line, the [column, source index] of each segment (source map v3 `mappings`). */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const segments: Array<[number, number]> = [];
    for (const segment of line ? line.split(',') : []) {
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        shift += 5;
        if (digit & 32) continue;
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1]!;
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    return segments;
  });
}

/** The library a source belongs to: the npm package, or our code by layer. */
export function libraryOf(source: string | undefined): string {
  if (!source) return 'unmapped (inlined CSS, chunk glue)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) return /^(react|react-dom|scheduler)$/.test(pkg) ? 'react + react-dom' : pkg;
  const ours = /src\/(core|widgets\/_shared|widgets\/[^/]+)\//.exec(source)?.[1];
  return ours ? `ours: ${ours}` : `ours: ${source.replace(/^(\.\.\/)+/, '')}`;
}

/** The built code without its trailing source-map comment (what a build without maps ships). */
export const withoutMapComment = (code: string) => code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');

/**
 * Gzip bytes of `file` per library: each character goes to the source of its mapping segment, and the chunk's
 * gzip size is shared in proportion to the gzip size of each library's characters alone. A chunk without any
 * mapping (JSON strings, the bundler's runtime) is one part named `unmappedAs`. The parts add up to the
 * chunk's gzip size exactly.
 */
export function gzipByLibrary(file: string, unmappedAs = libraryOf(undefined)): Map<string, number> {
  const code = withoutMapComment(readFileSync(file, 'utf8'));
  const total = gzipSync(code, { level: 9 }).length;
  const map = existsSync(`${file}.map`)
    ? (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string })
    : { sources: [], mappings: '' };
  const lines = decodeMappings(map.mappings);
  const parts = new Map<string, string[]>();
  const add = (library: string, text: string) =>
    (parts.get(library) ?? parts.set(library, []).get(library)!).push(text);
  let current = lines.some((segments) => segments.length) ? libraryOf(undefined) : unmappedAs;
  code.split('\n').forEach((text, index) => {
    let at = 0;
    for (const [column, source] of lines[index] ?? []) {
      if (column > at) add(current, text.slice(at, column));
      at = Math.max(at, column);
      current = libraryOf(source >= 0 ? map.sources[source] : undefined);
    }
    add(current, `${text.slice(at)}\n`);
  });
  const alone = [...parts].map(
    ([library, texts]) => [library, gzipSync(texts.join(''), { level: 9 }).length] as const,
  );
  const sum = alone.reduce((total, [, bytes]) => total + bytes, 0);
  // Largest remainder rounding, so the parts add up to the chunk's size.
  const shares = alone.map(([library, bytes]) => ({ library, exact: (total * bytes) / sum }));
  const result = new Map(shares.map((s) => [s.library, Math.floor(s.exact)]));
  let left = total - [...result.values()].reduce((a, b) => a + b, 0);
  for (const s of [...shares].sort((a, b) => (b.exact % 1) - (a.exact % 1))) {
    if (left-- <= 0) break;
    result.set(s.library, result.get(s.library)! + 1);
  }
  return result;
}
