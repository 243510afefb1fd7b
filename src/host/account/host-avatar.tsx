/** The signed-in user's picture in the top bar (fetched with the token), or the first letter. */
import { useEffect, useState } from 'react';
import { loadImage } from '../../core/media/authorized-image';

/** Avatar circle of `size` px. */
export function HostAvatar({
  src,
  name,
  token,
  size = 30,
}: {
  src: string | null;
  name: string;
  token: string | null;
  size?: number;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!src) return;
    let live = true;
    loadImage(src, { token }).then(
      (loaded) => live && setUrl(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [src, token]);
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className="host-user__avatar" style={{ width: size, height: size }} aria-hidden="true">
      {url ? <img src={url} alt="" width={size} height={size} /> : initial}
    </span>
  );
}
