import { describe, expect, it } from 'vitest';
import { brandSplash } from './splash';
import type { BrandRecord } from './store';

/** The field of a brand the loading screen reads. */
const brand = (theme: string) => ({ id: 'b', settings: { theme } }) as unknown as BrandRecord;

describe('brandSplash (EK33)', () => {
  it("is the host's loading screen box and spinner on the brand's theme, with nothing contentful in it", () => {
    expect(brandSplash(brand('dark'))).toBe(
      '<div class="host-fullpage host-loading" data-testid="loading" data-tk-theme="dark" role="status" aria-live="polite">' +
        '<span class="host-loading__spinner" aria-hidden="true"></span></div>',
    );
    expect(brandSplash(brand('light'))).toContain('data-tk-theme="light"');
  });

  it('writes only a theme it knows into the page', () => {
    expect(brandSplash(brand('"><script>x</script>'))).toContain('data-tk-theme="light"');
  });
});
