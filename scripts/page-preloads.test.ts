import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../src/host/routing/routes';
import { pagePreloads, type BundleChunk } from './page-preloads';

const PAGES = '/repo/src/host/pages';
const chunk = (fileName: string, more: Partial<BundleChunk> = {}): BundleChunk => ({
  type: 'chunk',
  fileName,
  imports: [],
  ...more,
});
const css = (...files: string[]) => ({ importedCss: new Set(files) });
const route = (name: string, path: string, page?: string, aliases?: string[]) =>
  ({ name, path, aliases, page, built: page !== undefined }) as unknown as RouteDef;

/** The host's entry, a shared chunk of the pages, two pages of their own and one page inside the entry. */
const BUNDLE: Record<string, BundleChunk> = {
  'assets/host.js': chunk('assets/host.js', {
    isEntry: true,
    imports: ['assets/runtime.js'],
    moduleIds: [`${PAGES}/search/search-page.tsx`],
    viteMetadata: css('assets/host.css'),
  }),
  'assets/runtime.js': chunk('assets/runtime.js'),
  'assets/pages.js': chunk('assets/pages.js', {
    imports: ['assets/runtime.js', 'assets/host.js'],
    viteMetadata: css('assets/pages.css'),
  }),
  'assets/home.js': chunk('assets/home.js', {
    facadeModuleId: `${PAGES}/home/home-page.tsx`,
    imports: ['assets/pages.js', 'assets/runtime.js'],
    viteMetadata: css('assets/home.css'),
  }),
  'assets/chart.js': chunk('assets/chart.js', {
    facadeModuleId: `${PAGES}/chart/chart-page.tsx`,
    imports: ['assets/chart-logic.js', 'assets/pages.js'],
  }),
  'assets/chart-logic.js': chunk('assets/chart-logic.js', { imports: ['assets/pages.js'] }),
  'page.css': { type: 'asset', fileName: 'assets/home.css' },
};

describe('pagePreloads (EK55)', () => {
  it("lists each route's page code beyond the entry's, in the table's order, with its aliases", () => {
    const routes = [
      route('home', '/', 'home/home-page#HomePage'),
      route('chart', '/:symbol/chart', 'chart/chart-page#ChartPage', ['/:symbol/k']),
      route('search', '/search', 'search/search-page#SearchPage'),
      route('explore', '/explore'),
    ];
    expect(pagePreloads(BUNDLE, routes, resolve(PAGES))).toEqual([
      {
        patterns: ['/'],
        scripts: ['assets/home.js', 'assets/pages.js'],
        styles: ['assets/home.css', 'assets/pages.css'],
      },
      {
        patterns: ['/:symbol/chart', '/:symbol/k'],
        scripts: ['assets/chart.js', 'assets/chart-logic.js', 'assets/pages.js'],
        styles: ['assets/pages.css'],
      },
      // In the entry: nothing more to load. Not built: nothing at all, but its patterns still come first.
      { patterns: ['/search'], scripts: [], styles: [] },
      { patterns: ['/explore'], scripts: [], styles: [] },
    ]);
  });

  it('fails the build when a built page is in no chunk, or the bundle has not one entry', () => {
    expect(() => pagePreloads(BUNDLE, [route('gone', '/gone', 'gone/gone-page#Gone')], PAGES)).toThrow(
      /no chunk holds gone's page/,
    );
    const twoEntries = { ...BUNDLE, 'b.js': chunk('b.js', { isEntry: true }) };
    expect(() => pagePreloads(twoEntries, [], PAGES)).toThrow(/one entry chunk, found 2/);
  });
});
