import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const ENTRY = resolve(import.meta.dirname, 'quotes.element.ts');
const TYPEBOX_SHIM = resolve(ROOT, 'src/core/contract/typebox-shim.ts');

/**
 * Packages <tk-quotes> may load up front. Anything else (crypto-js, libphonenumber-js, klinecharts, dayjs,
 * image tools, and @stomp/stompjs, which comes with the feed) belongs behind a dynamic import or in another
 * widget: adding one here is a budget decision.
 */
const ALLOWED_PACKAGES = ['@r2wc/react-to-web-component', 'i18next', 'jotai', 'react', 'react-dom'];

/**
 * Our modules that load after the first paint, alongside /config.json (docs/decisions.md "Widget sizes
 * (size2)"): the API client and its code catalogue, the market feed and its STOMP client, the quote table.
 */
const AFTER_FIRST_PAINT = [
  'src/core/api/api-client.ts',
  'src/core/contract/codes.ts',
  'src/core/feeds/market-feed.ts',
  'src/core/feeds/stomp-client.ts',
  'src/widgets/quotes/quotes-table.tsx',
  'src/widgets/quotes/quote-row.tsx',
  'src/core/domain/format.ts',
  // What selects the quotes and the tabs over them (CZ2), and finding another language's strings (CZ3).
  'src/widgets/quotes/quotes-body.tsx',
  'src/widgets/quotes/quotes.logic.ts',
  'src/core/domain/quotes.ts',
  'src/widgets/_shared/tabs.tsx',
  'src/core/i18n/load-bundle.ts',
  'src/core/i18n/page-locales.ts',
  'src/core/config/version.ts',
];

function resolveLocal(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  const found = [base, `${base}.ts`, `${base}.tsx`, resolve(base, 'index.ts')].find(
    (path) => existsSync(path) && !path.endsWith('/'),
  );
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Value imports and re-exports of a module (type-only ones are erased; dynamic import() loads lazily). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly)
      return [(node.moduleSpecifier as ts.StringLiteral).text];
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly)
      return [(node.moduleSpecifier as ts.StringLiteral).text];
    return [];
  });
}

/** Our files and the packages the entry loads before it runs. */
function staticGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) visit(resolveLocal(file, specifier));
      // Browser builds alias typebox to the contract's shim (vite.config.ts): no schema library reaches a page.
      else if (specifier === 'typebox') visit(TYPEBOX_SHIM);
      else packages.add(packageOf(specifier));
    }
  };
  visit(entry);
  return { files: [...files].map((f) => relative(ROOT, f)), packages: [...packages].sort() };
}

describe('the static import graph of <tk-quotes>', () => {
  const graph = staticGraph(ENTRY);

  it('loads only the packages of the widget stack', () => {
    expect(graph.packages).toEqual(expect.arrayContaining(['i18next', 'react', 'jotai']));
    expect(graph.packages.filter((p) => !ALLOWED_PACKAGES.includes(p))).toEqual([]);
  });

  it('leaves the API client, the market feed and the quote table to chunks loaded after the first paint', () => {
    expect(graph.files.filter((f) => AFTER_FIRST_PAINT.includes(f))).toEqual([]);
  });

  it('holds no host code, no other widget and no session code', () => {
    const foreign = graph.files.filter(
      (f) =>
        f.startsWith('src/host/') ||
        f.startsWith('src/core/session/') ||
        (f.startsWith('src/widgets/') && !/^src\/widgets\/(quotes|_shared)\//.test(f)),
    );
    expect(foreign).toEqual([]);
  });

  it('loads its own and the common English UI strings only: no other widget, language or server code', () => {
    const json = graph.files.filter((f) => f.endsWith('.json')).sort();
    expect(json).toEqual(['src/core/i18n/locales/en/common.json', 'src/core/i18n/locales/en/quotes.json']);
  });
});
