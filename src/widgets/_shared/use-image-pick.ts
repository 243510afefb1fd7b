import { useState } from 'react';
import { IMAGE_ERROR_KEYS, IMAGE_EXTENSIONS } from '../../core/media/image-rules';
import type { Translate } from './use-t';

/** What a file input's picked image became: `preparing` while it is checked and converted, `refusal` when refused. */
export interface ImagePick {
  preparing: boolean;
  refusal: string | null;
  /** The input's change handler: it takes the first file and clears the input, so the same file can be picked again. */
  onFile: (element: HTMLInputElement) => Promise<void>;
}

/**
 * One image picked from a file input (identity documents, support attachments): checked and prepared by
 * `prepareImage` (extension, HEIC converted, large photos compressed; the image code loads on the first pick),
 * refused with the catalogue's message, or handed to `accept`, which may still refuse it by answering a message.
 */
export function useImagePick(t: Translate, accept: (file: File) => string | null): ImagePick {
  const [preparing, setPreparing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onFile = async (element: HTMLInputElement) => {
    const picked = element.files?.[0];
    element.value = '';
    if (!picked) return;
    setPreparing(true);
    setRefusal(null);
    const { prepareImage } = await import('../../core/media/prepare-image');
    const result = await prepareImage(picked);
    setPreparing(false);
    setRefusal(
      result.ok
        ? accept(result.file)
        : t(IMAGE_ERROR_KEYS[result.reason], { extensions: IMAGE_EXTENSIONS.join(', ') }),
    );
  };
  return { preparing, refusal, onFile };
}
