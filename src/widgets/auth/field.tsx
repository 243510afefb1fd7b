/** A labelled form field whose error text is tied to the control (aria-invalid, aria-describedby). */
import type { ReactNode } from 'react';

/** The accessibility attributes a field's control must carry. */
export interface ControlA11y {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** Props of Field. */
export interface FieldProps {
  id: string;
  label: string;
  /** Translated error text, or null. */
  error: string | null;
  /** Translated help text shown under the control. */
  hint?: string | null;
  /** Hide the label visually (it still names the control). */
  hiddenLabel?: boolean;
  children: (a11y: ControlA11y) => ReactNode;
}

/** Label, control and error/hint text of one field. */
export function Field({ id, label, error, hint, hiddenLabel, children }: FieldProps) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="tk-auth__field" part="field">
      <label htmlFor={id} className={hiddenLabel ? 'tk-visually-hidden' : 'tk-auth__label'}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="tk-auth__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="tk-auth__field-error" part="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form-level error (server answers): announced at once. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="tk-auth__alert" role="alert" data-testid="auth-error" part="error">
      {message}
    </p>
  );
}

/** A success or information notice. */
export function Notice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="tk-auth__notice" role="status" data-testid="auth-notice" part="notice">
      {message}
    </p>
  );
}
