/**
 * The text box and image picker of the chat: Enter sends, Shift+Enter starts a new line; a picked image goes
 * through the shared client checks (type, 10 MB, HEIC to JPEG, compression) and then the chat's own limit.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_TEXT_MAX } from '../../core/contract/support';
import { IMAGE_ACCEPT } from '../../core/media/image-rules';
import { useImagePick } from '../_shared/use-image-pick';
import type { Translate } from '../_shared/use-t';

export interface ComposerProps {
  t: Translate;
  onSend: (text: string, image: File | null) => Promise<void> | void;
}

/** What a press of Enter does in the text box: send, or (with Shift, or while composing) a new line. */
export function enterSends(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'nativeEvent'>): boolean {
  const composing = (event.nativeEvent as { isComposing?: boolean }).isComposing === true;
  return event.key === 'Enter' && !event.shiftKey && !composing;
}

/** The composer of one conversation. */
export function Composer({ t, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const { preparing, refusal, onFile } = useImagePick(t, (file) => {
    if (file.size > SUPPORT_IMAGE_MAX_BYTES) return t('msg.image_limit');
    setImage(file);
    return null;
  });
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const canSend = !preparing && (text.trim() !== '' || image !== null);

  const submit = () => {
    if (!canSend) return;
    const sent = text.trim();
    const file = image;
    setText('');
    setImage(null);
    void onSend(sent, file);
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!enterSends(event)) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="tk-support__composer"
      part="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {image || preparing ? (
        <p className="tk-support__attached" data-testid="support-attached">
          <span>{preparing ? t('support.preparing') : image?.name}</span>
          {image ? (
            <button type="button" className="tk-support__link" onClick={() => setImage(null)}>
              {t('support.remove_image')}
            </button>
          ) : null}
        </p>
      ) : null}
      {refusal ? (
        <p className="tk-support__error" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="tk-support__compose-row">
        <button
          type="button"
          className="tk-support__attach"
          part="attach"
          aria-label={t('support.attach')}
          title={t('support.attach')}
          disabled={preparing}
          onClick={() => picker.current?.click()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M16.5 6.5v9a4.5 4.5 0 0 1-9 0V6a3 3 0 0 1 6 0v9a1.5 1.5 0 0 1-3 0V7"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <input
          ref={picker}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-testid="support-file"
          onChange={(event) => void onFile(event.currentTarget)}
        />
        <textarea
          ref={box}
          className="tk-support__input"
          part="input"
          rows={2}
          maxLength={SUPPORT_TEXT_MAX}
          value={text}
          aria-label={t('support.placeholder')}
          placeholder={t('support.placeholder')}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="tk-cash-btn tk-support__send"
          part="send"
          data-variant="primary"
          disabled={!canSend}
        >
          {t('support.send')}
        </button>
      </div>
    </form>
  );
}
