import { useEffect, useState } from 'react';
import { isPlatformUrl, loadImage } from '../../core/media/authorized-image';
import { usePlatform } from '../_shared/platform-context';

/** Props of Avatar. */
export interface AvatarProps {
  /** Avatar URL or platform path from user info; a local preview (blob:) is shown as it is. */
  src: string | null;
  name: string;
  token: string | null;
  size: number;
}

/** First letter of the nickname for the placeholder (a grapheme, so emoji and CJK stay whole). */
export function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toUpperCase() : '?';
}

/**
 * The user's picture. Platform images are fetched with the bearer token (spec §7) and cached; anything
 * else (a local preview) is used directly; without a picture, or when it fails, the initial is shown.
 */
export function Avatar({ src, name, token, size }: AvatarProps) {
  const platform = usePlatform();
  const direct = src && !isPlatformUrl(src, platform.origin) ? src : null;
  const [loaded, setLoaded] = useState<{ src: string; url: string } | null>(null);
  useEffect(() => {
    if (!src || direct) return;
    let live = true;
    const absolute = new URL(src, `${platform.origin}/`).href;
    loadImage(absolute, { token }).then(
      (url) => live && setLoaded({ src, url }),
      () => live && setLoaded(null),
    );
    return () => {
      live = false;
    };
  }, [src, direct, token, platform.origin]);
  const url = direct ?? (loaded && loaded.src === src ? loaded.url : null);
  return (
    <span className="tk-account__avatar" style={{ width: size, height: size }} part="avatar">
      {url ? (
        <img src={url} alt="" width={size} height={size} />
      ) : (
        <span className="tk-account__avatar-initial" aria-hidden="true" style={{ fontSize: size * 0.42 }}>
          {initialOf(name)}
        </span>
      )}
    </span>
  );
}
