import { useEffect, useRef, useState } from 'react';
import { getSession } from '../../core/session/session';
import { IMAGE_ACCEPT } from '../../core/media/image-rules';
import { usePlatform } from '../_shared/platform-context';
import { useImagePick } from '../_shared/use-image-pick';
import { useT } from '../_shared/use-t';

/** Props of ImageField. */
export interface ImageFieldProps {
  /** The part name (`cardImgFront`, …): the input's name and test id. */
  part: string;
  label: string;
  /** The picked file, prepared for upload. */
  file: File | undefined;
  /** The submitted image's platform URL (fetched with the bearer token), when there is one. */
  submitted: string | null | undefined;
  problem: string | null;
  disabled?: boolean;
  onPicked: (file: File) => void;
}

/** A local preview URL of the picked file, revoked when it changes. */
function useFilePreview(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The submitted image, fetched with the bearer token (spec §7); the loader comes with the first image. */
function useSubmittedPreview(src: string | null | undefined): string | null {
  const platform = usePlatform();
  const [loaded, setLoaded] = useState<{ src: string; url: string } | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const token = getSession(platform).getToken();
    void import('../../core/media/authorized-image')
      .then(({ loadImage }) => loadImage(new URL(src, `${platform.origin}/`).href, { token }))
      .then(
        (url) => live && setLoaded({ src, url }),
        () => live && setLoaded(null),
      );
    return () => {
      live = false;
    };
  }, [src, platform]);
  return loaded && loaded.src === src ? loaded.url : null;
}

/**
 * One document photo: a picker with its preview. The picked file is checked (extension, 10 MB: refused here
 * with the catalogue's message), HEIC converted and large photos compressed (spec §5/§9) before it is kept;
 * the image code loads only when a photo is picked.
 */
export function ImageField({ part, label, file, submitted, problem, disabled, onPicked }: ImageFieldProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const { preparing, refusal, onFile } = useImagePick(t, (picked) => {
    onPicked(picked);
    return null;
  });
  const local = useFilePreview(file);
  const remote = useSubmittedPreview(file ? null : submitted);
  const preview = local ?? remote;

  const shownProblem = refusal ?? (problem ? t(problem) : null);
  const id = `tk-kyc-${part}`;
  return (
    <div className="tk-kyc__image" part="image" data-part-name={part}>
      <span className="tk-cash-label" id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        className="tk-kyc__picker"
        part="image-picker"
        // The field's label, then the button's own visible text (WCAG 2.5.3).
        aria-labelledby={`${id}-label ${id}-text`}
        aria-describedby={shownProblem ? `${id}-problem` : undefined}
        disabled={disabled || preparing}
        data-testid={`kyc-pick-${part}`}
        onClick={() => input.current?.click()}
      >
        {preview ? (
          <img className="tk-kyc__preview" src={preview} alt={label} data-testid={`kyc-preview-${part}`} />
        ) : null}
        <span className="tk-kyc__pick-text" id={`${id}-text`} data-has-preview={preview ? '' : undefined}>
          {preparing
            ? t('verification.preparing')
            : t(preview ? 'verification.change_image' : 'verification.choose_image')}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        name={part}
        accept={IMAGE_ACCEPT}
        hidden
        data-testid={`kyc-file-${part}`}
        onChange={(e) => void onFile(e.currentTarget)}
      />
      {shownProblem ? (
        <p className="tk-kyc__problem" id={`${id}-problem`} role="alert">
          {shownProblem}
        </p>
      ) : null}
    </div>
  );
}
