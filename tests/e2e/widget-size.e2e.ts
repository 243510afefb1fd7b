// The first-paint size budgets, read from the build the browser files run against (dist/.vite/manifest.json):
// the same figures as bench/quotes-size.ts and bench/chart-size.ts (gzip -9 of the entry and every chunk it
// imports statically), so a change that grows a first paint past its budget fails here, not only in a report.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { metaFiles } from '../../scripts/manifest';
import {
  DIST_DIR,
  entryKey,
  reactFiles,
  readManifest,
  staticFiles,
  widgetTags,
} from '../fixtures/dist-graph';
import { liteFirstPaint, readLiteManifest } from '../fixtures/lite-graph';

/** vite.config.ts's chunks of the stack's libraries; everything else on a first paint is our own code. */
const LIBRARY_CHUNKS = ['react', 'i18next', 'stomp', 'jotai'];
const QUOTES_BUDGET = 100 * 1024;
const OWN_CODE_BUDGET = 12 * 1024;
const SECOND_WIDGET_BUDGET = 10 * 1024;
const CHART_BUDGET = 110 * 1024;
/** The lite tk-quotes on Preact (EK14): marketing pages that show quotes only. */
const LITE_QUOTES_BUDGET = 40 * 1024;
/**
 * Known debt, decision SB4 (docs/decisions.md, with the table): the team's budget is 10 KB for every widget;
 * these are still over it, each held at its bytes of the day it was listed, rounded up to the next 1,024.
 * A ceiling is never raised: a widget that comes under 10 KB leaves this list (the test below fails until it does).
 * Empty since every widget paints its frame first (SB5): a widget that goes over fails, with no entry to add.
 */
const OVER_BUDGET: Readonly<Record<string, number>> = {};

const manifest = readManifest();
const gzipBytes = (file: string) => gzipSync(readFileSync(join(DIST_DIR, file)), { level: 9 }).length;
const sum = (files: readonly string[]) => files.reduce((total, file) => total + gzipBytes(file), 0);
const firstPaint = (tag: string) => staticFiles(manifest, entryKey(manifest, tag));
/** Every widget but tk-quotes, each measured as the second one on a page that already shows tk-quotes. */
const secondWidgets = widgetTags(manifest).filter((tag) => tag !== 'tk-quotes');
const isLibrary = (file: string) =>
  LIBRARY_CHUNKS.includes(Object.values(manifest).find((chunk) => chunk.file === file)?.name ?? '');

describe('first-paint size budgets of the build (gzip -9)', () => {
  const quotes = firstPaint('tk-quotes');

  it('tk-quotes: at most 100 KB, of which at most 12 KB is our own code', () => {
    // The library chunks are found by name (the STOMP client loads after the first paint), so "own" is ours.
    const names = quotes.filter(isLibrary).map((file) => file.replace(/^.*\/|-[\w-]+\.js$/g, ''));
    expect(names.sort()).toEqual(['i18next', 'jotai', 'react']);
    expect(sum(quotes)).toBeLessThanOrEqual(QUOTES_BUDGET);
    expect(sum(quotes.filter((file) => !isLibrary(file)))).toBeLessThanOrEqual(OWN_CODE_BUDGET);
  });

  it('the build has an entry for every widget folder (the list the budgets below cover)', () => {
    const folders = metaFiles()
      .map((file) => `tk-${file.split('/')[2]}`)
      .sort();
    expect(widgetTags(manifest)).toEqual(folders);
  });

  it.each(secondWidgets)('%s on the same page adds at most 10 KB (or its SB4 ceiling)', (tag) => {
    const extra = sum(firstPaint(tag).filter((file) => !quotes.includes(file)));
    const ceiling = OVER_BUDGET[tag];
    if (ceiling === undefined) {
      expect(extra).toBeLessThanOrEqual(SECOND_WIDGET_BUDGET);
    } else {
      expect(extra).toBeLessThanOrEqual(ceiling);
      // Still over the budget: once it is not, it is taken off OVER_BUDGET.
      expect(extra).toBeGreaterThan(SECOND_WIDGET_BUDGET);
    }
  });

  it('OVER_BUDGET names only widgets the build defines', () => {
    expect(Object.keys(OVER_BUDGET).filter((tag) => !secondWidgets.includes(tag))).toEqual([]);
  });

  it("tk-verification's first paint holds no image code: compression and HEIC load when a photo is picked", () => {
    const withImageCode = firstPaint('tk-verification').filter((file) => {
      const text = readFileSync(join(DIST_DIR, file), 'utf8');
      return text.includes('maxWidthOrHeight') || text.includes('heicTo');
    });
    expect(withImageCode).toEqual([]);
  });

  it("tk-account's body holds no QR encoder: it loads with the QR it draws (second-factor setup, invitation; EK39)", () => {
    const body = staticFiles(manifest, '../widgets/account/account.tsx');
    expect(body.length).toBeGreaterThan(1);
    // An error text of the `qrcode` package that minification keeps.
    const withEncoder = body.filter((file) =>
      readFileSync(join(DIST_DIR, file), 'utf8').includes('No input text'),
    );
    expect(withEncoder).toEqual([]);
    const qr = staticFiles(manifest, '../widgets/account/qr-code.tsx');
    expect(qr.some((file) => readFileSync(join(DIST_DIR, file), 'utf8').includes('No input text'))).toBe(
      true,
    );
  });

  it('tk-chart: at most 110 KB, klinecharts after it', () => {
    const chart = firstPaint('tk-chart');
    expect(sum(chart)).toBeLessThanOrEqual(CHART_BUDGET);
    // An id klinecharts keeps in minified builds (bench/chart-size.ts): no first-paint chunk holds it.
    const withEngine = chart.filter((file) =>
      readFileSync(join(DIST_DIR, file), 'utf8').includes('x_axis_pane'),
    );
    expect(withEngine).toEqual([]);
  });

  it('the lite tk-quotes: at most 40 KB, on Preact, with no React in any file of its build (EK14)', () => {
    const lite = liteFirstPaint();
    expect(lite.gzipBytes).toBeLessThanOrEqual(LITE_QUOTES_BUDGET);
    // The same libraries as the React element's first paint, with Preact in React's place.
    const names = lite.files
      .map((f) => f.name)
      .filter((name) => ['preact', ...LIBRARY_CHUNKS].includes(name));
    expect(names.sort()).toEqual(['i18next', 'jotai', 'preact']);
    // Its own files only, none of the React widgets' chunks, and none holds React or ReactDOM.
    const liteManifest = readLiteManifest();
    const files = Object.values(liteManifest).map((chunk) => chunk.file);
    expect(files.filter((file) => !file.startsWith('widgets/lite/'))).toEqual([]);
    expect(reactFiles(liteManifest)).toEqual([]);
  });
});
