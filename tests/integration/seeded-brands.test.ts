// The host's copy of the seeded brands (src/host/seeded-brands.fixture.ts, walked by the account menu test)
// is the server's seeds: a brand or a switch added to the seeds fails here until the copy follows.
import { describe, expect, it } from 'vitest';
import { BRAND_SEEDS } from '../../server/src/brand/seed-data';
import { buildSystemConfigs } from '../../server/src/brand/system-configs';
import { SEEDED_BRANDS } from '../../src/host/seeded-brands.fixture';

describe('the seeded brands of the host tests', () => {
  it('are the server seeds: the same brands, settings and switches on', () => {
    expect(SEEDED_BRANDS.map((b) => b.id)).toEqual(BRAND_SEEDS.map((b) => b.id));
    for (const seed of BRAND_SEEDS) {
      const copy = SEEDED_BRANDS.find((b) => b.id === seed.id);
      expect(copy?.brand, seed.id).toEqual({
        tradeModes: seed.settings.tradeModes,
        defaultTradeMode: seed.settings.defaultTradeMode,
        verifyStyle: seed.settings.verifyStyle,
      });
      const on = buildSystemConfigs(seed.settings, seed.flags)
        .filter((entry) => entry.enable)
        .map((entry) => entry.name);
      expect(copy?.on, seed.id).toEqual(on);
    }
  });
});
