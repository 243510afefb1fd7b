/**
 * Generates custom-elements.json (Custom Elements Manifest, schema 2.1.0) and the TypeScript declarations
 * of the elements, types/tradekit-elements.d.ts, from the widgets' `*.meta.ts` files, the single source of
 * each widget's public API. `npx tsx scripts/manifest.ts` writes both files; `--check` exits 1 when a
 * committed file differs from what the metas generate.
 */
import { readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
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

/**
 * Names a widget prop may share with HTMLElement (`lang`): the element keeps HTMLElement's property type for
 * them, which r2wc's own accessor of the same name fills in, and JSX keeps React's attribute.
 */
const HTML_ELEMENT_PROPS = new Set(['lang', 'title', 'dir', 'hidden', 'id', 'slot', 'translate']);

/** A meta text as a JSDoc block at `indent` (wrapped near 100 columns; `*\/` cannot end it early). */
function doc(text: string, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replaceAll('*/', '*\\/').split(/\s+/)) {
    if (line && line.length + word.length > 96) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}\n`).join('')}${indent} */\n`;
}

/** The property type of an attribute as the element holds it (r2wc parses the attribute into it). */
function propertyType(a: WidgetAttribute): string {
  if (a.type === 'json') return 'unknown';
  if (a.values?.length) {
    return a.values.map((v) => (a.type === 'number' ? String(Number(v)) : `'${v}'`)).join(' | ');
  }
  return a.type;
}

/** The interfaces of one element: its properties, its events and the element itself. */
function elementDeclarations(meta: WidgetMeta): string {
  const name = className(meta.tag);
  const props = meta.attributes.filter((a) => !HTML_ELEMENT_PROPS.has(a.prop));
  const properties = props
    .map(
      (a) =>
        `${doc(a.description, '  ')}  ${a.prop}: ${propertyType(a)}${a.type === 'json' ? '' : ' | undefined'};\n`,
    )
    .join('');
  const events = meta.events.length
    ? `export interface ${name}EventMap {\n${meta.events
        .map((e) => `${doc(e.description, '  ')}  '${e.name}': CustomEvent<${e.detail}>;\n`)
        .join('')}}\n`
    : `export type ${name}EventMap = Record<never, never>;\n`;
  return (
    `${doc(`<${meta.tag}>: ${meta.summary}`, '')}` +
    `export interface ${name}Properties {\n${properties}}\n\n` +
    `${doc(`The events of <${meta.tag}>, by name.`, '')}${events}\n` +
    `${doc(`<${meta.tag}> as the DOM gives it: its properties and typed listeners.`, '')}` +
    `export interface ${name}Element extends TkElement<${name}EventMap>, ${name}Properties {}\n`
  );
}

/** Every event of every widget once; one name always carries one detail type. */
function eventMap(metas: readonly WidgetMeta[]): string {
  const details = new Map<string, { detail: string; description: string }>();
  for (const { tag, events } of metas) {
    for (const { name, detail, description } of events) {
      const seen = details.get(name);
      if (seen && seen.detail !== detail) {
        throw new Error(`${tag}: event ${name} has detail ${detail}, elsewhere ${seen.detail}`);
      }
      if (!seen) details.set(name, { detail, description });
    }
  }
  const entries = [...details]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, { detail }]) => `  '${name}': CustomEvent<${detail}>;\n`);
  return (
    doc('Every event a TradeKit element dispatches, by name (all bubble and are composed).', '') +
    `export interface TkEventMap {\n${entries.join('')}}\n`
  );
}

const TYPES_HEADER = `// Generated by \`npx tsx scripts/manifest.ts\` from the widgets' *.meta.ts files: do not edit.
// \`npx tsx scripts/manifest.ts --check\` and scripts/manifest.test.ts fail when it is stale.
//
// The TradeKit custom elements for a partner's TypeScript (and the kit's own): each element's properties
// and events, \`HTMLElementTagNameMap\` entries (\`document.querySelector('tk-quotes')\` is typed), the detail
// of every event (\`TkEventMap\`), and the elements as React 19 JSX tags. Their JSX props are the element's
// properties (\`miniChart\`, not \`mini-chart\`) and \`on<event-name>\` listeners (\`ontk-symbol-select\`):
// React 19 assigns a prop the element has as a property and adds a listener for \`on<name>\`, but writes
// an unknown prop as an attribute, so render them once the elements are defined (\`customElements.whenDefined\`).
import type { ClassAttributes, HTMLAttributes } from 'react';

/** What every TradeKit element adds to HTMLElement: listeners typed by event name. */
export interface TkElement<Events> extends HTMLElement {
  addEventListener<K extends keyof Events>(type: K, listener: (this: this, event: Events[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: this, event: HTMLElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof Events>(type: K, listener: (this: this, event: Events[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: this, event: HTMLElementEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** The React 19 JSX props of an element: its properties, \`on<event-name>\` listeners and the HTML attributes. */
export type TkJsxProps<Element, Properties, Events> = ClassAttributes<Element> &
  Omit<HTMLAttributes<Element>, keyof Properties> &
  Partial<Properties> & { [K in keyof Events & string as \`on\${K}\`]?: (event: Events[K]) => void };
`;

/** types/tradekit-elements.d.ts as the metas describe it, before formatting. */
export function elementTypes(metas: readonly WidgetMeta[]): string {
  const tags = metas.map((m) => [m.tag, className(m.tag)] as const);
  return [
    TYPES_HEADER,
    ...metas.map(elementDeclarations),
    eventMap(metas),
    doc('Every TradeKit element by tag.', '') +
      `export interface TkElementTagNameMap {\n${tags.map(([t, n]) => `  '${t}': ${n}Element;\n`).join('')}}\n`,
    `declare global {\n  interface HTMLElementTagNameMap {\n${tags
      .map(([t, n]) => `    '${t}': ${n}Element;\n`)
      .join('')}  }\n}\n`,
    `declare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n${tags
      .map(([t, n]) => `      '${t}': TkJsxProps<${n}Element, ${n}Properties, ${n}EventMap>;\n`)
      .join('')}    }\n  }\n}\n`,
  ].join('\n');
}

/** Every widget's meta, in the order of metaFiles(). */
export async function loadMetas(): Promise<WidgetMeta[]> {
  const metas = [];
  for (const file of metaFiles()) {
    const exported = Object.values(await import(pathToFileURL(resolve(ROOT, file)).href)).filter(isMeta);
    if (exported.length !== 1) throw new Error(`${file} must export exactly one WidgetMeta`);
    metas.push(exported[0]!);
  }
  return metas;
}

/** The manifest text the metas describe: 2-space JSON plus a final newline (what prettier keeps). */
export async function generateManifest(): Promise<string> {
  const metas = await loadMetas();
  const modules = metaFiles().map((file, i) => moduleOf(metas[i]!, file));
  const manifest = { schemaVersion: '2.1.0', modules };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The committed element declarations (partners' TypeScript, and the kit's own `HTMLElementTagNameMap`). */
export const TYPES_PATH = resolve(ROOT, 'types/tradekit-elements.d.ts');

/** The declaration text the metas describe, formatted as `prettier --check` expects it. */
export async function generateTypes(): Promise<string> {
  const text = elementTypes(await loadMetas());
  // Formatted here, not by hand in the generator: the file then passes `prettier --check .` as written.
  const { format, resolveConfig } = await import('prettier');
  const options = await resolveConfig(TYPES_PATH);
  return format(text, { ...options, filepath: TYPES_PATH });
}

/** Each generated file with the text the metas give it now. */
async function generated(): Promise<Array<{ path: string; text: string }>> {
  return [
    { path: MANIFEST_PATH, text: await generateManifest() },
    { path: TYPES_PATH, text: await generateTypes() },
  ];
}

async function main(): Promise<void> {
  const files = await generated();
  if (process.argv.includes('--check')) {
    const stale = files.filter(
      ({ path, text }) => (existsSync(path) ? readFileSync(path, 'utf8') : '') !== text,
    );
    for (const { path } of stale) {
      console.error(
        `${relative(ROOT, path)} is stale: run \`npx tsx scripts/manifest.ts\` and commit the result.`,
      );
    }
    if (stale.length) process.exit(1);
    console.log('custom-elements.json and types/tradekit-elements.d.ts are up to date.');
    return;
  }
  for (const { path, text } of files) writeFileSync(path, text);
  console.log(
    `custom-elements.json and types/tradekit-elements.d.ts written (${metaFiles().length} widget(s)).`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
