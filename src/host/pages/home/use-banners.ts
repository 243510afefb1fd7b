/** Home banners from `appBanner/list`, limited to the brand's banner count (spec §2: 1 by default). */
import { useEffect, useState } from 'react';
import type { Banner } from '../../../core/contract';
import { bannerList } from '../../../core/contract/brand';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { useAtomValue } from '../../../widgets/_shared/store-react';

/** How many banners a brand shows: its bannerCount, 1 when unset. */
export function bannerLimit(bannerCount: number | null | undefined): number {
  return typeof bannerCount === 'number' && Number.isInteger(bannerCount) && bannerCount >= 0
    ? bannerCount
    : 1;
}

/** Valid banners of an `appBanner/list` answer, at most `limit`. */
export function pickBanners(data: unknown, limit: number): Banner[] {
  if (!Array.isArray(data)) return [];
  return data
    .filter(
      (b): b is Banner => typeof b === 'object' && b !== null && typeof (b as Banner).bannerUrl === 'string',
    )
    .filter((b) => b.bannerUrl.trim() !== '')
    .slice(0, limit);
}

/**
 * The brand's banners in the page language: null until the first answer (the home page keeps the banner's space
 * meanwhile, so nothing below it moves when they arrive: EK16), empty when the brand shows none or the call failed.
 * A language change or a brand edit keeps the banners shown until the new ones arrive.
 */
export function useBanners(bannerCount: number | null | undefined): Banner[] | null {
  const platform = usePlatform();
  const locale = useAtomValue(platform.atoms.language);
  // A brand edit may change the banners too: a new revision loads them again (BE10).
  const revision = useAtomValue(platform.atoms.config)?.brand.revision;
  const limit = bannerLimit(bannerCount);
  const [banners, setBanners] = useState<Banner[] | null>(limit === 0 ? [] : null);
  useEffect(() => {
    let live = true;
    // Titles (and the generated images that draw them) come in the page language, English as fallback.
    void platform.api.call(bannerList, { locale }, { silent: true }).then((result) => {
      if (!live) return;
      if (result.ok) setBanners(pickBanners(result.data, limit));
      else setBanners((shown) => shown ?? []);
    });
    return () => {
      live = false;
    };
  }, [platform, limit, locale, revision]);
  return banners;
}
