import { describe, expect, it } from 'vitest';
import { liteChunkGroups, PREACT_ALIASES } from './vite-lite';

/** What the aliases make of `specifier`: the first rule that matches, as Vite applies them; null for none. */
function aliased(specifier: string): string | null {
  const rule = PREACT_ALIASES.find(({ find }) =>
    typeof find === 'string' ? find === specifier : find.test(specifier),
  );
  return rule ? specifier.replace(rule.find, rule.replacement) : null;
}

describe('the lite build (EK14)', () => {
  it('answers every React module the widgets and Testing Library import with Preact, by exact name', () => {
    expect(aliased('react')).toBe('preact/compat');
    expect(aliased('react-dom')).toBe('preact/compat');
    expect(aliased('react-dom/client')).toBe('preact/compat/client');
    expect(aliased('react-dom/test-utils')).toBe('preact/test-utils');
    expect(aliased('react/jsx-runtime')).toMatch(/[\\/]src[\\/]lite[\\/]jsx-runtime\.ts$/);
    expect(aliased('react/jsx-dev-runtime')).toMatch(/[\\/]src[\\/]lite[\\/]jsx-runtime\.ts$/);
    // Packages whose names start like React's stay themselves.
    expect(aliased('react-i18next')).toBeNull();
    expect(aliased('@r2wc/react-to-web-component')).toBeNull();
  });

  it("splits its chunks by the widgets' groups, with Preact in React's group", () => {
    const locales = { debugName: 'locales', name: () => null, priority: 1 };
    const groups = liteChunkGroups([
      { name: 'react', test: /react/ },
      { name: 'i18next', test: /i18next/ },
      locales,
    ]);
    expect(groups.map((group) => group.debugName ?? group.name)).toEqual(['preact', 'i18next', 'locales']);
    expect(groups[2]).toBe(locales);
    const preact = groups[0]!.test as RegExp;
    expect(preact.test('/repo/node_modules/preact/compat/dist/compat.mjs')).toBe(true);
    expect(preact.test('/repo/src/lite/hoisted-styles.ts')).toBe(true);
    expect(preact.test('/repo/node_modules/react-dom/index.js')).toBe(false);
  });

  it('fails the build with a clear message when the widgets build has no React group to replace', () => {
    expect(() => liteChunkGroups([{ name: 'i18next', test: /i18next/ }])).toThrow(/no `react` chunk group/);
  });
});
