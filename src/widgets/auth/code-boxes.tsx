/** Six one-digit boxes for the emailed or texted code (spec §2: digits only, paste, auto-advance). */
import { forwardRef, useImperativeHandle, useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { useAfterRender } from './after-render';
import { useAuth } from './auth-context';
import { backspace, inputDigits, typedText } from './code-boxes.logic';
import type { BoxesStep } from './code-boxes.logic';

/** Props of CodeBoxes. */
export interface CodeBoxesProps {
  id: string;
  digits: string[];
  onChange: (digits: string[]) => void;
  /** Translated error text, or null. */
  error: string | null;
  disabled?: boolean;
}

/** What a parent can do with the boxes. */
export interface CodeBoxesHandle {
  focus(index?: number): void;
}

/** The six code boxes in a labelled group. */
export const CodeBoxes = forwardRef<CodeBoxesHandle, CodeBoxesProps>(function CodeBoxes(
  { id, digits, onChange, error, disabled },
  ref,
) {
  const { t } = useAuth();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const afterRender = useAfterRender();
  const focus = (index = 0) => boxes.current[index]?.focus();
  useImperativeHandle(ref, () => ({ focus }));

  const apply = (step: BoxesStep) => {
    onChange(step.digits);
    // Focus after React has rendered the new values, so the caret lands in a filled box.
    afterRender(() => focus(step.focus));
  };
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') apply(backspace(digits, index));
    else if (event.key === 'ArrowLeft') focus(Math.max(0, index - 1));
    else if (event.key === 'ArrowRight') focus(Math.min(digits.length - 1, index + 1));
    else return;
    event.preventDefault();
  };
  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(inputDigits(digits, index, event.clipboardData.getData('text')));
  };

  return (
    <fieldset className="tk-auth__field tk-auth__code" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="tk-auth__label">{t('auth.code')}</legend>
      <div className="tk-auth__boxes">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            id={index === 0 ? id : undefined}
            className="tk-auth__box"
            data-testid="auth-code-box"
            part="code-box"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('auth.code_digit', { n: index + 1 })}
            aria-invalid={Boolean(error)}
            disabled={disabled}
            value={digit}
            onFocus={(e) => e.target.select()}
            onChange={(e) => apply(inputDigits(digits, index, typedText(digit, e.target.value)))}
            onKeyDown={(e) => onKeyDown(index, e)}
            onPaste={(e) => onPaste(index, e)}
          />
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="tk-auth__field-error" part="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});
