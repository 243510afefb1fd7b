import { describe, expect, it } from 'vitest';
import { hostChunkRule, hostLocaleChunk } from './vite-host';

/** A module graph of static imports, as the bundler's getModuleInfo answers it. */
function graph(imports: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in imports ? { importedIds: imports[id]! } : null) };
}

const NM = '/repo/node_modules';

describe('the host build: its chunks (TR27)', () => {
  it('puts each language in one chunk of strings and one of server messages', () => {
    expect(hostLocaleChunk('/repo/src/core/i18n/locales/de/quotes.json')).toBe('strings-de');
    expect(hostLocaleChunk('/repo/src/core/i18n/locales/de/common.json')).toBe('strings-de');
    expect(hostLocaleChunk('/repo/src/core/i18n/locales/zh-tw/codes.json')).toBe('codes-zh-tw');
    expect(hostLocaleChunk('/repo/src/core/i18n/i18n.ts')).toBeNull();
    expect(hostLocaleChunk('C:\\repo\\src\\core\\i18n\\locales\\fr\\host.json')).toBe('strings-fr');
  });

  it('puts libraries in vendor and our code in app', () => {
    const rule = hostChunkRule();
    const g = graph({
      '/repo/src/host/main.tsx': ['/repo/src/host/app.tsx', `${NM}/react/index.js`],
      '/repo/src/host/app.tsx': [],
      [`${NM}/react/index.js`]: [],
    });
    expect(rule('/repo/src/host/main.tsx', g)).toBe('app');
    expect(rule(`${NM}/react/index.js`, g)).toBe('vendor');
  });

  it('leaves lazy libraries and every module that imports one, directly or not, to their own chunks', () => {
    const rule = hostChunkRule();
    const g = graph({
      '/repo/src/widgets/chart/chart-engine.ts': [
        '/repo/src/widgets/chart/engine-styles.ts',
        '/repo/src/x.ts',
      ],
      '/repo/src/widgets/chart/engine-styles.ts': [`${NM}/klinecharts/dist/index.esm.js`],
      [`${NM}/klinecharts/dist/index.esm.js`]: [],
      '/repo/src/x.ts': [],
      '/repo/src/core/media/converters.ts': [],
      [`${NM}/heic-to/csp.js`]: [],
      [`${NM}/browser-image-compression/dist/index.mjs`]: [],
      [`${NM}/libphonenumber-js/metadata.max.json.js`]: [],
    });
    expect(rule('/repo/src/widgets/chart/chart-engine.ts', g)).toBeNull();
    expect(rule('/repo/src/widgets/chart/engine-styles.ts', g)).toBeNull();
    expect(rule(`${NM}/klinecharts/dist/index.esm.js`, g)).toBeNull();
    expect(rule(`${NM}/heic-to/csp.js`, g)).toBeNull();
    expect(rule(`${NM}/browser-image-compression/dist/index.mjs`, g)).toBeNull();
    expect(rule(`${NM}/libphonenumber-js/metadata.max.json.js`, g)).toBeNull();
    // What the chart engine imports without a lazy library stays in app; a dynamic import is no import here.
    expect(rule('/repo/src/x.ts', g)).toBe('app');
    expect(rule('/repo/src/core/media/converters.ts', g)).toBe('app');
  });

  it('ends on import cycles', () => {
    const rule = hostChunkRule();
    const g = graph({
      '/repo/src/a.ts': ['/repo/src/b.ts'],
      '/repo/src/b.ts': ['/repo/src/a.ts', `${NM}/klinecharts/index.js`],
      [`${NM}/klinecharts/index.js`]: [],
      '/repo/src/c.ts': ['/repo/src/d.ts'],
      '/repo/src/d.ts': ['/repo/src/c.ts'],
      // e reaches the library only through the cycle f → e: f is asked after e and still needs it.
      '/repo/src/e.ts': ['/repo/src/f.ts', `${NM}/klinecharts/index.js`],
      '/repo/src/f.ts': ['/repo/src/e.ts'],
    });
    expect(rule('/repo/src/a.ts', g)).toBeNull();
    expect(rule('/repo/src/b.ts', g)).toBeNull();
    expect(rule('/repo/src/e.ts', g)).toBeNull();
    expect(rule('/repo/src/f.ts', g)).toBeNull();
    expect(rule('/repo/src/c.ts', g)).toBe('app');
  });
});
