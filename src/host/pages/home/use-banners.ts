/** Home banners from `appBanner/list`, limited to the brand's banner count (spec §2: 1 by default). */
import { startTransition, useEffect, useState } from 'react';
import type { Banner } from '../../../core/contract';
import { bannerList } from '../../../core/contract/brand';
import type { CallResult, Platform } from '../../../core/runtime/types';
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

type BannerAnswer = Promise<CallResult<unknown>>;

let early: { platform: Platform; locale: string; answer: BannerAnswer } | null = null;
/**
 * The first banner's image asked for at start-up, held for the page's life: Chromium keeps a fetched image in its memory cache only while
 * something holds it, and on a slow start the banner's `<img>` comes after a collection and fetched it again.
 */
const earlyImages = new Set<HTMLImageElement>();

/**
 * The phone home page's banners asked for at start-up (EK47). The start-up knows the page and its language once
 * the config has come, and asks for the banners then, beside the language's strings and the page's code,
 * instead of after the whole site has rendered behind the loading screen; once they come, the first banner's
 * image is fetched at high priority. The home page's largest paint then no longer waits for the site's render,
 * then this call, then the image, one after the other. `useBanners` takes the answer when it first asks for the
 * same language; anything else asks again.
 */
export function askBannersEarly(
  platform: Platform,
  locale: string,
  bannerCount: number | null | undefined,
): void {
  const limit = bannerLimit(bannerCount);
  if (limit === 0) return;
  const answer = platform.api.call(bannerList, { locale }, { silent: true });
  early = { platform, locale, answer };
  void answer.then((result) => {
    const url = result.ok ? pickBanners(result.data, limit)[0]?.bannerUrl : undefined;
    if (!url || typeof Image === 'undefined') return;
    const image = new Image();
    image.fetchPriority = 'high';
    earlyImages.add(image);
    image.src = url;
  });
}

/** The answer asked for at start-up, once, when it is this platform's for this language. */
function takeEarly(platform: Platform, locale: string): BannerAnswer | undefined {
  if (early?.platform !== platform || early.locale !== locale) return undefined;
  const { answer } = early;
  early = null;
  return answer;
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
    const answer = takeEarly(platform, locale) ?? platform.api.call(bannerList, { locale }, { silent: true });
    void answer.then((result) => {
      if (!live) return;
      // The banners' render (images, the carousel) waits for nothing: it is sliced like the page's first (EK64).
      startTransition(() => {
        if (result.ok) setBanners(pickBanners(result.data, limit));
        else setBanners((shown) => shown ?? []);
      });
    });
    return () => {
      live = false;
    };
  }, [platform, limit, locale, revision]);
  return banners;
}
