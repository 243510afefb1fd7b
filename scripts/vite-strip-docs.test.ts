import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { docKeysOf, stripDocs } from './vite-strip-docs';

const file = (path: string) => resolve(import.meta.dirname, '..', path);

describe('stripDocs (browser builds of the widget metas)', () => {
  it('drops documentation properties, nested ones with their parent, and keeps the rest', () => {
    const code = `export const m = {
  tag: 'tk-x',
  summary: 'Sum – mary.',
  description: 'A ' + 'long text.',
  attributes: [{ name: 'a-b', prop: 'aB', type: 'string', values: ['x'], description: 'd', default: "'x'" }],
  events: [{ name: 'tk-e', description: 'nested' }],
  parts: [{ name: 'p', description: 'nested' }],
  cssProperties: [],
};`;
    const out = stripDocs('x.meta.ts', code);
    expect(parseSync('x.meta.ts', out).errors).toEqual([]);
    expect(out).toContain("tag: 'tk-x'");
    // A listed attribute keeps its values: the browser reads them in any case (EK1).
    expect(out).toMatch(/\{ name: 'a-b', prop: 'aB', type: 'string', values: \['x'\],\s*\}/);
    expect(out).not.toMatch(/summary|description|default|events|parts|cssProperties/);
  });

  it('leaves every widget meta valid, with its tag and attribute props', async () => {
    for (const name of ['quotes', 'chart', 'search', 'order-form']) {
      const path = file(`src/widgets/${name}/${name}.meta.ts`);
      const out = stripDocs(path, readFileSync(path, 'utf8'));
      expect(parseSync(path, out).errors).toEqual([]);
      expect(out).toContain(`tag: 'tk-${name}'`);
      expect(out).not.toMatch(/^\s*(summary|description):/m);
    }
  });

  it('drops the description a widget passes to themeAttribute, and keeps the call', () => {
    const code = `export const m = { attributes: [themeAttribute('Colour theme ' + 'of the defaults.'), themeAttribute()] };`;
    const out = stripDocs('x.meta.ts', code);
    expect(out).toBe('export const m = { attributes: [themeAttribute(), themeAttribute()] };');
    // Contract files keep their calls.
    const contract = file('src/core/contract/x.ts');
    expect(stripDocs(contract, `const a = themeAttribute('x');`, docKeysOf(contract)!)).toContain("'x'");
  });

  it('leaves a file it cannot parse as it is', () => {
    expect(stripDocs('x.ts', 'const a = {')).toBe('const a = {');
  });
});

describe('stripDocs (browser builds of the contract)', () => {
  it('applies to contract declarations only, with their own keys', () => {
    expect(docKeysOf(file('src/core/contract/market.ts'))?.has('codes')).toBe(true);
    expect(docKeysOf(file('src/core/contract/typebox-shim.test.ts'))).toBeNull();
    expect(docKeysOf(file('src/core/api/api-client.ts'))).toBeNull();
    expect(docKeysOf(file('src/widgets/quotes/quotes.meta.ts'))?.has('codes')).toBe(false);
  });

  it('keeps what a browser reads of an endpoint (service, path, mock path, access, methods)', () => {
    for (const name of ['market', 'trading', 'auth', 'brand']) {
      const path = file(`src/core/contract/${name}.ts`);
      const out = stripDocs(path, readFileSync(path, 'utf8'), docKeysOf(path)!);
      expect(parseSync(path, out).errors).toEqual([]);
      expect(out).toMatch(/service: '/);
      expect(out).toMatch(/path: '/);
      expect(out).toMatch(/access: '/);
      expect(out).not.toMatch(/^\s*(summary|codes|tag):/m);
    }
  });
});
