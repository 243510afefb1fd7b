import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WidgetMeta } from '../src/widgets/_shared/widget-meta';
import {
  MANIFEST_PATH,
  TYPES_PATH,
  elementTypes,
  generateManifest,
  generateTypes,
  metaFiles,
} from './manifest';

describe('custom-elements.json', () => {
  it('is what the widget metas generate (run `npx tsx scripts/manifest.ts` when this fails)', async () => {
    expect(readFileSync(MANIFEST_PATH, 'utf8')).toBe(await generateManifest());
  });

  it('declares every widget folder with a meta as a custom element definition', async () => {
    const manifest = JSON.parse(await generateManifest());
    expect(manifest.schemaVersion).toBe('2.1.0');
    const tags = manifest.modules.flatMap((m: { exports: Array<{ kind: string; name: string }> }) =>
      m.exports.filter((e) => e.kind === 'custom-element-definition').map((e) => e.name),
    );
    expect(tags).toHaveLength(metaFiles().length);
    expect(tags).toContain('tk-quotes');
  });

  it('documents the attributes, event, parts and tokens of tk-quotes', async () => {
    const manifest = JSON.parse(await generateManifest());
    const quotes = manifest.modules.find(
      (m: { path: string }) => m.path === 'src/widgets/quotes/quotes.element.ts',
    );
    const decl = quotes.declarations[0];
    expect(decl).toMatchObject({
      kind: 'class',
      name: 'TkQuotes',
      tagName: 'tk-quotes',
      customElement: true,
    });
    expect(decl.attributes.find((a: { name: string }) => a.name === 'mini-chart')).toMatchObject({
      fieldName: 'miniChart',
      type: { text: 'boolean' },
      default: 'true',
    });
    expect(decl.attributes.find((a: { name: string }) => a.name === 'layout').type.text).toBe(
      "'table' | 'logo'",
    );
    expect(decl.events).toEqual([
      expect.objectContaining({
        name: 'tk-symbol-select',
        type: { text: 'CustomEvent<{ symbol: string }>' },
      }),
    ]);
    expect(decl.cssParts.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['row', 'bid', 'ask', 'change', 'stale']),
    );
    expect(decl.cssProperties.map((p: { name: string }) => p.name)).toContain('--tk-color-up');
  });
});

/** The generated declarations, made once for the file (formatting them takes prettier about a second). */
let types: Promise<string> | undefined;
const generatedTypes = () => (types ??= generateTypes());

describe('types/tradekit-elements.d.ts', () => {
  it('is what the widget metas generate (run `npx tsx scripts/manifest.ts` when this fails)', async () => {
    expect(readFileSync(TYPES_PATH, 'utf8')).toBe(await generatedTypes());
  });

  it('types the properties and events of tk-quotes from its meta', async () => {
    const text = await generatedTypes();
    const quotes = /export interface TkQuotesProperties \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
    expect(quotes).toContain("layout: 'table' | 'logo' | undefined;");
    expect(quotes).toContain('miniChart: boolean | undefined;');
    expect(quotes).toContain('selected: string | undefined;');
    // `lang` keeps HTMLElement's own property type.
    expect(quotes).not.toMatch(/^\s*lang:/m);
    expect(text).toMatch(
      /export interface TkQuotesEventMap \{[\s\S]*?'tk-symbol-select': CustomEvent<\{ symbol: string \}>;\n\}/,
    );
    expect(text).toContain(
      'export interface TkQuotesElement extends TkElement<TkQuotesEventMap>, TkQuotesProperties {}',
    );
  });

  it('gives a listed number attribute its numbers and a widget without events an empty map', async () => {
    const text = await generatedTypes();
    expect(text).toMatch(/export interface TkOrderFormProperties \{[\s\S]*?direction: 0 \| 1 \| undefined;/);
    expect(text).toContain('export type TkSupportEventMap = Record<never, never>;');
  });

  it('declares every element in HTMLElementTagNameMap and as a React JSX tag', async () => {
    const text = await generatedTypes();
    const global = /declare global \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
    const jsx = /declare module 'react' \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
    const tags = [...global.matchAll(/'(tk-[a-z-]+)':/g)].map((m) => m[1]);
    expect(tags).toHaveLength(metaFiles().length);
    expect([...jsx.matchAll(/'(tk-[a-z-]+)':/g)].map((m) => m[1])).toEqual(tags);
    expect(jsx).toContain("'tk-quotes': TkJsxProps<TkQuotesElement, TkQuotesProperties, TkQuotesEventMap>;");
  });

  it('refuses one event name with two detail types', () => {
    const widget = (tag: string, detail: string): WidgetMeta => ({
      tag,
      summary: 'A widget.',
      description: 'A widget.',
      attributes: [],
      events: [{ name: 'tk-pick', description: 'Picked.', detail }],
      parts: [],
      cssProperties: [],
    });
    expect(() => elementTypes([widget('tk-a', '{ id: string }'), widget('tk-b', '{ id: number }')])).toThrow(
      'tk-b: event tk-pick has detail { id: number }, elsewhere { id: string }',
    );
    expect(elementTypes([widget('tk-a', '{ id: string }'), widget('tk-b', '{ id: string }')])).toContain(
      "'tk-pick': CustomEvent<{ id: string }>;",
    );
  });
});
