import { describe, expect, it } from 'vitest';
import { hostChunkRule, hostLocaleChunk } from './vite-host';

/**
 * A module graph of static imports, as the bundler's getModuleInfo answers it: a module nothing imports is an
 * entry unless it is named in `dynamic` (it is then only ever imported dynamically).
 */
function graph(
  imports: Record<string, string[]>,
  dynamic: readonly string[] = [],
  dynamicImports: Record<string, string[]> = {},
) {
  const importers = (id: string, of: Record<string, string[]>) =>
    Object.keys(of).filter((from) => of[from]!.includes(id));
  return {
    getModuleInfo: (id: string) =>
      id in imports
        ? {
            importedIds: imports[id]!,
            importers: importers(id, imports),
            dynamicImporters: importers(id, dynamicImports),
            isEntry:
              importers(id, imports).length === 0 &&
              importers(id, dynamicImports).length === 0 &&
              !dynamic.includes(id),
          }
        : null,
  };
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
    // The URL of a library's file is a string in the importer, not the library's code.
    const h = graph({
      '/repo/src/core/media/worker-url.ts': [`${NM}/browser-image-compression/dist/bic.js?url`],
      [`${NM}/browser-image-compression/dist/bic.js?url`]: [],
    });
    expect(rule('/repo/src/core/media/worker-url.ts', h)).toBe('app');
  });

  it('leaves the code only the pages\u2019 dynamic imports reach to the pages\u2019 chunks (EK19)', () => {
    const rule = hostChunkRule();
    const g = graph(
      {
        '/repo/src/host/main.tsx': ['/repo/src/host/pages/registry.ts', '/repo/src/core/shared.ts'],
        '/repo/src/host/pages/registry.ts': [],
        '/repo/src/host/pages/place/place-page.tsx': [
          '/repo/src/widgets/order/order.tsx',
          `${NM}/dayjs/index.js`,
        ],
        '/repo/src/widgets/order/order.tsx': ['/repo/src/core/shared.ts', '/repo/src/widgets/order/form.tsx'],
        '/repo/src/widgets/order/form.tsx': ['/repo/src/widgets/order/order.tsx'],
        '/repo/src/core/shared.ts': [],
        '/repo/src/core/feed.ts': [],
        [`${NM}/dayjs/index.js`]: [],
      },
      ['/repo/src/host/pages/place/place-page.tsx'],
      {
        '/repo/src/host/pages/registry.ts': ['/repo/src/host/pages/place/place-page.tsx'],
        // The core's own lazy module that the start needs: still in app.
        '/repo/src/core/shared.ts': ['/repo/src/core/feed.ts'],
      },
    );
    expect(rule('/repo/src/core/feed.ts', g)).toBe('app');
    expect(rule('/repo/src/host/pages/place/place-page.tsx', g)).toBeNull();
    expect(rule('/repo/src/widgets/order/order.tsx', g)).toBeNull();
    expect(rule('/repo/src/widgets/order/form.tsx', g)).toBeNull();
    expect(rule(`${NM}/dayjs/index.js`, g)).toBeNull();
    // Imported by the first load as well: it stays there.
    expect(rule('/repo/src/core/shared.ts', g)).toBe('app');
    expect(rule('/repo/src/host/pages/registry.ts', g)).toBe('app');
  });

  it('leaves the desktop shell out of the first load, and counts it as a page for our small shared modules only (EK28)', () => {
    const rule = hostChunkRule();
    const loader = '/repo/src/host/shells/desktop-loader.ts';
    const desktop = '/repo/src/host/shells/desktop/desktop-shell.tsx';
    const home = '/repo/src/host/pages/home/home-page.tsx';
    const account = '/repo/src/host/pages/account/account-page.tsx';
    const g = graph(
      {
        '/repo/src/host/main.tsx': ['/repo/src/host/pages/registry.ts', loader],
        '/repo/src/host/pages/registry.ts': [],
        [loader]: [],
        [desktop]: [
          '/repo/src/widgets/chart/chart.tsx',
          '/repo/src/host/account/top.tsx',
          '/repo/src/host/ui/theme-toggle.tsx',
        ],
        [home]: [
          '/repo/src/core/contract/quotes.ts',
          '/repo/src/widgets/_shared/row.tsx',
          '/repo/src/host/ui/theme-toggle.tsx',
        ],
        [account]: [
          '/repo/src/core/contract/quotes.ts',
          '/repo/src/widgets/_shared/row.tsx',
          '/repo/src/widgets/account/account.tsx',
          `${NM}/qrcode/lib/index.js`,
        ],
        '/repo/src/host/pages/place/place-page.tsx': [
          '/repo/src/widgets/account/account.tsx',
          '/repo/src/widgets/chart/chart.tsx',
          `${NM}/qrcode/lib/index.js`,
        ],
        '/repo/src/widgets/chart/chart.tsx': [],
        '/repo/src/widgets/account/account.tsx': [],
        '/repo/src/host/account/top.tsx': [],
        '/repo/src/host/ui/theme-toggle.tsx': [],
        '/repo/src/core/contract/quotes.ts': [],
        '/repo/src/widgets/_shared/row.tsx': [],
        [`${NM}/qrcode/lib/index.js`]: [],
      },
      [desktop, home, account, '/repo/src/host/pages/place/place-page.tsx'],
      {
        '/repo/src/host/pages/registry.ts': [home, account, '/repo/src/host/pages/place/place-page.tsx'],
        [loader]: [desktop],
      },
    );
    // The desktop shell and what only it uses: the bundler's split, loaded where the desktop shell shows.
    expect(rule(loader, g)).toBe('app');
    expect(rule(desktop, g)).toBeNull();
    expect(rule('/repo/src/host/account/top.tsx', g)).toBeNull();
    // A widget the desktop shell shares with one page: no common chunk (the chart would load on every page).
    expect(rule('/repo/src/widgets/chart/chart.tsx', g)).toBeNull();
    // Our small module the desktop shell shares with one page: the common chunk (one request fewer there).
    expect(rule('/repo/src/host/ui/theme-toggle.tsx', g)).toBe('pages');
    // Shared by several pages: the common chunk, a widget included; a library gets a chunk of its own.
    expect(rule('/repo/src/core/contract/quotes.ts', g)).toBe('pages');
    expect(rule('/repo/src/widgets/_shared/row.tsx', g)).toBe('pages');
    expect(rule('/repo/src/widgets/account/account.tsx', g)).toBe('pages');
    expect(rule(`${NM}/qrcode/lib/index.js`, g)).toBeNull();
  });

  it('ends on import cycles', () => {
    const rule = hostChunkRule();
    const g = graph({
      '/repo/src/a.ts': ['/repo/src/b.ts'],
      '/repo/src/b.ts': ['/repo/src/a.ts', `${NM}/klinecharts/index.js`],
      [`${NM}/klinecharts/index.js`]: [],
      '/repo/src/main.ts': ['/repo/src/c.ts'],
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
    expect(rule('/repo/src/d.ts', g)).toBe('app');
    // A cycle that only a dynamic import enters: the walk up ends without an entry.
    const h = graph({ '/repo/src/p.ts': ['/repo/src/q.ts'], '/repo/src/q.ts': ['/repo/src/p.ts'] });
    expect(rule('/repo/src/p.ts', h)).toBeNull();
  });
});
