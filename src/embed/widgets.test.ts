import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_WIDGET, WIDGETS } from './widgets';

describe('the configurator’s widgets', () => {
  it('are the widgets of custom-elements.json, read from the same metadata (EK3)', () => {
    const manifest = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../custom-elements.json'), 'utf8'),
    ) as {
      modules: Array<{ declarations: Array<{ tagName: string; attributes: Array<{ name: string }> }> }>;
    };
    const declared = manifest.modules
      .map((m) => m.declarations[0]!)
      .sort((a, b) => a.tagName.localeCompare(b.tagName));
    expect(WIDGETS.map((meta) => meta.tag)).toEqual(declared.map((d) => d.tagName));
    for (const [index, meta] of WIDGETS.entries())
      expect(meta.attributes.map((a) => a.name)).toEqual(declared[index]!.attributes.map((a) => a.name));
    expect(WIDGETS.map((meta) => meta.tag)).toContain(FIRST_WIDGET);
  });
});
