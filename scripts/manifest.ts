/**
 * Generates custom-elements.json (Custom Elements Manifest, schema 2.1.0) from the widgets' `*.meta.ts`
 * files, the single source of each widget's public API. `npx tsx scripts/manifest.ts` writes the file;
 * `--check` exits 1 when the committed file differs from what the metas generate.
 */
import { readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WidgetAttribute, WidgetMeta } from '../src/widgets/_shared/widget-meta';

const ROOT = resolve(import.meta.dirname, '..');
const WIDGETS = 'src/widgets';
/** The committed manifest at the repository root. */
export const MANIFEST_PATH = resolve(ROOT, 'custom-elements.json');

/** `src/widgets/<name>/<name>.meta.ts` of every widget folder, sorted (private `_` folders skipped). */
export function metaFiles(): string[] {
  return readdirSync(resolve(ROOT, WIDGETS), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .flatMap((d) =>
      readdirSync(resolve(ROOT, WIDGETS, d.name))
        .filter((f) => f.endsWith('.meta.ts'))
        .map((f) => `${WIDGETS}/${d.name}/${f}`),
    )
    .sort();
}

function isMeta(value: unknown): value is WidgetMeta {
  const v = value as Partial<WidgetMeta> | null;
  return typeof v?.tag === 'string' && Array.isArray(v.attributes) && Array.isArray(v.events);
}

/** `tk-order-form` → `TkOrderForm`, the class name a declaration needs. */
function className(tag: string): string {
  return tag.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

function typeText(a: WidgetAttribute): string {
  if (a.values?.length) return a.values.map((v) => `'${v}'`).join(' | ');
  return a.type === 'json' ? 'unknown' : a.type;
}

const withDefault = <T extends object>(entry: T, value: string | undefined) =>
  value === undefined ? entry : { ...entry, default: value };

function moduleOf(meta: WidgetMeta, metaFile: string) {
  const path = metaFile.replace(/\.meta\.ts$/, '.element.ts');
  const name = className(meta.tag);
  return {
    kind: 'javascript-module',
    path,
    declarations: [
      {
        kind: 'class',
        name,
        tagName: meta.tag,
        customElement: true,
        summary: meta.summary,
        description: meta.description,
        superclass: { name: 'HTMLElement' },
        attributes: meta.attributes.map((a) =>
          withDefault(
            { name: a.name, fieldName: a.prop, type: { text: typeText(a) }, description: a.description },
            a.default,
          ),
        ),
        members: meta.attributes.map((a) =>
          withDefault(
            {
              kind: 'field',
              name: a.prop,
              attribute: a.name,
              type: { text: `${typeText(a)} | undefined` },
              description: a.description,
            },
            a.default,
          ),
        ),
        events: meta.events.map((e) => ({
          name: e.name,
          type: { text: `CustomEvent<${e.detail}>` },
          description: e.description,
        })),
        cssParts: meta.parts.map((p) => ({ name: p.name, description: p.description })),
        cssProperties: meta.cssProperties.map((p) =>
          withDefault({ name: p.name, description: p.description }, p.default),
        ),
      },
    ],
    exports: [{ kind: 'custom-element-definition', name: meta.tag, declaration: { name, module: path } }],
  };
}

/** The manifest text the metas describe: 2-space JSON plus a final newline (what prettier keeps). */
export async function generateManifest(): Promise<string> {
  const modules = [];
  for (const file of metaFiles()) {
    const exported = Object.values(await import(pathToFileURL(resolve(ROOT, file)).href)).filter(isMeta);
    if (exported.length !== 1) throw new Error(`${file} must export exactly one WidgetMeta`);
    modules.push(moduleOf(exported[0]!, file));
  }
  const manifest = { schemaVersion: '2.1.0', modules };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

async function main(): Promise<void> {
  const text = await generateManifest();
  if (process.argv.includes('--check')) {
    const committed = existsSync(MANIFEST_PATH) ? readFileSync(MANIFEST_PATH, 'utf8') : '';
    if (committed !== text) {
      console.error(
        'custom-elements.json is stale: run `npx tsx scripts/manifest.ts` and commit the result.',
      );
      process.exit(1);
    }
    console.log('custom-elements.json is up to date.');
    return;
  }
  writeFileSync(MANIFEST_PATH, text);
  console.log(`custom-elements.json written (${metaFiles().length} widget(s)).`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
