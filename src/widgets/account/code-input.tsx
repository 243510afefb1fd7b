import { forwardRef } from 'react';
import { digitsOnly, LIMITS } from './account.logic';

/** Props of CodeInput. */
export interface CodeInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** A 6-digit one-time code field: digits only (typed or pasted), numeric keyboard, OTP autofill. */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { id, value, onChange, invalid, describedBy },
  ref,
) {
  return (
    <input
      ref={ref}
      id={id}
      className="tk-account__input tk-account__code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={LIMITS.totpCode}
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(digitsOnly(e.target.value))}
    />
  );
});
