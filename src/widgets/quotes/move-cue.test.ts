import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// As written: the test environment hands `?inline` CSS imports over empty.
const tableCss = readFileSync(join(import.meta.dirname, 'quotes-table.css'), 'utf8');

/** The declarations of the rule whose selector is exactly `selector` (whitespace as written). */
function rule(css: string, selector: string): string {
  const start = css.indexOf(`${selector} {`);
  return start < 0 ? '' : css.slice(start, css.indexOf('}', start));
}

describe("a quote's move is not told by colour alone (SR4)", () => {
  it.each([
    ['up', '\\25B2'],
    ['down', '\\25BC'],
  ])('draws %s as a glyph before the price, hidden from screen readers on every tick', (move, glyph) => {
    const declarations = rule(tableCss, `.tk-quotes__flash[data-move='${move}']::before`);
    // The alternative text is empty ("/ ''"): the price is read, not a glyph per tick. A browser without
    // the alt syntax keeps the first declaration.
    expect(declarations).toContain(`content: '${glyph}';`);
    expect(declarations).toContain(`content: '${glyph}' / '';`);
  });

  it("keeps the glyph's place before the first move, so the first tick does not shift the column", () => {
    const declarations = rule(tableCss, '.tk-quotes__flash::before');
    expect(declarations).toContain("content: '';");
    expect(declarations).toContain('display: inline-block;');
    expect(declarations).toMatch(/inline-size: [\d.]+em;/);
  });
});
