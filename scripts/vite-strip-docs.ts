/**
 * Vite build plugin: the widgets' public-API data (`*.meta.ts`, `widget-meta.ts`, `theme-tokens.ts`) carries
 * prose and lists for custom-elements.json only (`summary`, `description`, the documented `default`, the
 * `events`, `parts` and `cssProperties` of a widget) that no browser code reads: defineWidget needs the tag and
 * each attribute's prop, type and listed values (read in any case, EK1), styles.ts each token's name and
 * values. The
 * browser build drops those properties (scripts/manifest.ts and the tests read the files unchanged), so a
 * widget's entry does not ship its documentation.
 */
import { parseSync, Visitor } from 'vite';
import type { Plugin } from 'vite';

/** The files whose documentation properties are dropped. */
const DOC_FILES =
  /[\\/]src[\\/]widgets[\\/](?:[\w-]+[\\/][\w-]+\.meta|_shared[\\/](?:widget-meta|theme-tokens))\.ts$/;

/** Object properties that only document. */
const DOC_KEYS = new Set(['summary', 'description', 'default', 'events', 'parts', 'cssProperties']);

/** Helpers of widget-meta.ts whose arguments are only a description: the call stays, its arguments go. */
const DOC_CALLS = new Set(['themeAttribute']);

/**
 * Contract declarations (`src/core/contract/*.ts`): a browser reads an endpoint's service, path, mock path,
 * access, methods and content type; its summary, codes, tag and schema descriptions serve the server and the
 * OpenAPI document only.
 */
const CONTRACT_FILES = /[\\/]src[\\/]core[\\/]contract[\\/][\w-]+\.ts$/;
const CONTRACT_DOC_KEYS = new Set(['summary', 'description', 'codes', 'tag']);

/** The documentation keys of a file, or null when it is not one whose documentation is dropped. */
export function docKeysOf(file: string): ReadonlySet<string> | null {
  const path = file.replace(/\?.*$/, '');
  if (DOC_FILES.test(path)) return DOC_KEYS;
  if (CONTRACT_FILES.test(path) && !path.endsWith('.test.ts')) return CONTRACT_DOC_KEYS;
  return null;
}

/** Source ranges to remove: each documentation property of an object literal, with its trailing comma. */
export function docRanges(
  file: string,
  code: string,
  keys: ReadonlySet<string> = DOC_KEYS,
): Array<[number, number]> {
  const { program, errors } = parseSync(file, code);
  if (errors.length > 0) return [];
  const ranges: Array<[number, number]> = [];
  new Visitor({
    CallExpression(node) {
      const first = node.arguments[0];
      const last = node.arguments.at(-1);
      if (keys !== DOC_KEYS || node.callee.type !== 'Identifier' || !DOC_CALLS.has(node.callee.name)) return;
      if (!first || !last) return;
      const comma = /^\s*,/.exec(code.slice(last.end));
      ranges.push([first.start, last.end + (comma ? comma[0].length : 0)]);
    },
    ObjectExpression(node) {
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init') continue;
        const key = property.key;
        const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : null;
        if (typeof name !== 'string' || !keys.has(name)) continue;
        const comma = /^\s*,/.exec(code.slice(property.end));
        ranges.push([property.start, property.end + (comma ? comma[0].length : 0)]);
      }
    },
  }).visit(program);
  // A property inside one already removed (a part's description) goes with it.
  ranges.sort((a, b) => a[0] - b[0]);
  return ranges.filter(([start], i) => !ranges.slice(0, i).some(([s, e]) => s <= start && start < e));
}

/** `code` without the documentation properties. */
export function stripDocs(file: string, code: string, keys: ReadonlySet<string> = DOC_KEYS): string {
  let out = code;
  for (const [start, end] of docRanges(file, code, keys).reverse())
    out = out.slice(0, start) + out.slice(end);
  return out;
}

/** The plugin (build only: the dev server and the tests keep the files as written). */
export function stripDocsPlugin(): Plugin {
  return {
    name: 'tk-strip-docs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const keys = docKeysOf(id);
      if (!keys) return null;
      return { code: stripDocs(id, code, keys), map: null };
    },
  };
}
