/** The verification part of step 2: the six code boxes and the resend button with its countdown. */
import { forwardRef } from 'react';
import { useAuth } from './auth-context';
import { CodeBoxes } from './code-boxes';
import type { CodeBoxesHandle } from './code-boxes';

/** Props of CodeStep. */
export interface CodeStepProps {
  id: string;
  digits: string[];
  onDigits: (digits: string[]) => void;
  error: string | null;
  /** Seconds before a resend is allowed. */
  wait: number;
  sending: boolean;
  onResend: () => void;
  disabled?: boolean;
}

/** Code boxes plus "Resend (59 s)". */
export const CodeStep = forwardRef<CodeBoxesHandle, CodeStepProps>(function CodeStep(props, ref) {
  const { t } = useAuth();
  const { id, digits, onDigits, error, wait, sending, onResend, disabled } = props;
  return (
    <>
      <CodeBoxes
        ref={ref}
        id={id}
        digits={digits}
        onChange={onDigits}
        error={error ? t(error) : null}
        disabled={disabled}
      />
      <button
        type="button"
        className="tk-auth__link"
        data-testid="auth-send-code"
        disabled={wait > 0 || sending || disabled}
        onClick={onResend}
      >
        {wait > 0 ? t('auth.resend_in', { second: wait }) : t('auth.resend')}
      </button>
    </>
  );
});
