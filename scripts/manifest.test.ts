import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANIFEST_PATH, generateManifest, metaFiles } from './manifest';

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
