/** Rotating promotion banner of the home page (spec §2: autoplay 3 s, loop). */
import { useRef, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import type { Banner as BannerItem } from '../../../core/contract';
import { useT } from '../../../widgets/_shared/use-t';
import { Link } from '../../routing/link';
import { isRedirect, resolve } from '../../routing/resolve';
import { useSignedIn } from '../../session/use-host-session';
import { useCarousel } from './use-carousel';
import './banner.css';

export interface BannerProps {
  /** The banners; null while they load (the carousel's space is kept, empty and hidden from assistive tech). */
  items: readonly BannerItem[] | null;
  /** Autoplay step (spec §9: 3000 ms). */
  intervalMs?: number;
}

const SWIPE_PX = 40;

/** A banner's link: in-app paths only when their page can be shown, other URLs in a new tab. */
function BannerLink({ href, active, children }: { href?: string; active: boolean; children: ReactNode }) {
  const signedIn = useSignedIn();
  if (!href) return children;
  const tabIndex = active ? 0 : -1;
  if (href.startsWith('/') && !href.startsWith('//')) {
    if (isRedirect(resolve(href, { signedIn }))) return children;
    return (
      <Link to={href} tabIndex={tabIndex}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" tabIndex={tabIndex}>
      {children}
    </a>
  );
}

/** Carousel with dots, prev/next buttons and swipe; pauses on hover/focus and for reduced motion. */
export function Banner({ items, intervalMs = 3000 }: BannerProps) {
  const t = useT();
  const carousel = useCarousel(items?.length ?? 0, intervalMs);
  const swipeStart = useRef<number | null>(null);
  const swiped = useRef(false);
  if (items === null)
    return <div className="host-banner" data-testid="banner-placeholder" aria-hidden="true" />;
  if (items.length === 0) return null;
  const many = items.length > 1;

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || !many) return;
    const dx = event.clientX - start;
    swiped.current = Math.abs(dx) >= SWIPE_PX;
    if (dx <= -SWIPE_PX) carousel.next();
    else if (dx >= SWIPE_PX) carousel.prev();
  };
  // The click that ends a swipe must not follow the banner's link.
  const onClickCapture = (event: MouseEvent) => {
    if (swiped.current) event.preventDefault();
    swiped.current = false;
  };

  return (
    <section
      className="host-banner"
      data-testid="banner"
      aria-roledescription="carousel"
      aria-label={t('a11y.banner')}
      onMouseEnter={() => carousel.hold('hover', true)}
      onMouseLeave={() => carousel.hold('hover', false)}
      onFocus={() => carousel.hold('focus', true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) carousel.hold('focus', false);
      }}
    >
      <div
        className="host-banner__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
        onClickCapture={onClickCapture}
      >
        <div
          className="host-banner__track"
          aria-live={carousel.playing ? 'off' : 'polite'}
          style={{ transform: `translateX(-${carousel.index * 100}%)` }}
        >
          {items.map((item, i) => {
            const label = t('home.banner', { n: i + 1 });
            // The first slide is the page's largest paint on a phone: its image goes before the others (EK47).
            const image = (
              <img
                src={item.bannerUrl}
                alt={item.title || label}
                draggable={false}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
            );
            return (
              <div
                key={`${i}-${item.bannerUrl}`}
                className="host-banner__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={label}
                aria-hidden={i !== carousel.index}
                data-active={i === carousel.index}
              >
                <BannerLink href={item.linkUrl} active={i === carousel.index}>
                  {image}
                </BannerLink>
              </div>
            );
          })}
        </div>
      </div>
      {many && (
        // One control bar under the slide text: arrows flank the dots, so no control covers the artwork.
        <div className="host-banner__controls">
          <button
            type="button"
            className="host-banner__step"
            data-dir="prev"
            aria-label={t('a11y.banner_prev')}
            onClick={carousel.prev}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="host-banner__dots">
            {items.map((_, i) => (
              <button
                key={i}
                type="button"
                className="host-banner__dot"
                aria-label={t('home.banner', { n: i + 1 })}
                aria-current={i === carousel.index}
                onClick={() => carousel.go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="host-banner__step"
            data-dir="next"
            aria-label={t('a11y.banner_next')}
            onClick={carousel.next}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
