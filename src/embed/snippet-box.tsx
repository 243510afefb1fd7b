/** The snippet in a read-only code box and its Copy button (Clipboard API; the text is selected if refused). */
import { useEffect, useRef, useState } from 'react';
import type { Translate } from './translate';

export function SnippetBox({ text, t }: { text: string; t: Translate }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<'idle' | 'copied' | 'refused'>('idle');
  // "Copied" speaks of this text: a change makes it untrue.
  useEffect(() => setStatus('idle'), [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('copied');
    } catch {
      // No clipboard (plain http, a refused permission): select the text so one shortcut copies it.
      box.current?.focus();
      box.current?.select();
      setStatus('refused');
    }
  };

  return (
    <div className="ek-snippet">
      <div className="ek-preview-head">
        <h2 className="ek-heading" id="ek-snippet-title">
          {t('embed.snippet')}
        </h2>
        <button
          type="button"
          className="ek-button ek-button--primary"
          onClick={() => void copy()}
          data-testid="ek-copy"
        >
          {t('embed.copy')}
        </button>
      </div>
      <p className="ek-field__hint" id="ek-snippet-hint">
        {t('embed.snippet_hint')}
      </p>
      <textarea
        ref={box}
        className="ek-code ek-snippet__code"
        readOnly
        spellCheck={false}
        rows={Math.min(14, text.split('\n').length)}
        value={text}
        aria-labelledby="ek-snippet-title"
        aria-describedby="ek-snippet-hint"
        data-testid="ek-snippet"
      />
      <p className="ek-snippet__status" role="status" data-testid="ek-copy-status" data-status={status}>
        {status === 'copied' ? t('embed.copied') : status === 'refused' ? t('embed.copy_refused') : ''}
      </p>
    </div>
  );
}
