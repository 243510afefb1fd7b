// Issue #22, right-to-left readiness: every stylesheet of the widgets, the host, the back office and the
// configurator says start and end, not left and right, so a brand adding a right-to-left language (Arabic,
// Hebrew) needs no redesign. The layout matrix runs the pages right to left (tests/e2e/layout-matrix.e2e.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

/** Physical properties and values that have a logical form (`inset-inline-start`, `margin-inline-end`, `start`). */
const PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right)(?:-[a-z]+)?\s*:/,
  /(?:^|[\s;{])(?:left|right)\s*:/,
  /(?:^|[\s;{])(?:border-(?:top|bottom)-(?:left|right)-radius)\s*:/,
  /text-align\s*:\s*(?:left|right)\b/,
  /float\s*:\s*(?:left|right)\b/,
  /clear\s*:\s*(?:left|right)\b/,
];

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** `file:line: text` of every physical declaration (comments left out). */
function physicalDeclarations(file: string, text: string): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return withoutComments
    .split('\n')
    .flatMap((line, i) =>
      PHYSICAL.some((rule) => rule.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );
}

describe('logical CSS (right-to-left readiness)', () => {
  it('finds left and right where they are written, and not in comments or longer names', () => {
    expect(physicalDeclarations('a.css', '.a {\n  margin-left: 4px;\n}')).toEqual([
      'a.css:2: margin-left: 4px;',
    ]);
    expect(physicalDeclarations('a.css', '.a { right: 0; }')).toHaveLength(1);
    expect(physicalDeclarations('a.css', '.a { text-align: left; }')).toHaveLength(1);
    expect(
      physicalDeclarations('a.css', '/* left: 0 */ .a { inset-inline-start: 0; scroll-padding-inline: 0 }'),
    ).toEqual([]);
    expect(physicalDeclarations('a.css', '.a { padding-inline-end: 4px; text-align: start; }')).toEqual([]);
  });

  it('has no physical left or right in any stylesheet of src', () => {
    const found = stylesheets(join(ROOT, 'src')).flatMap((path) =>
      physicalDeclarations(relative(ROOT, path), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
