/** The end of a back-office form: its error, read out when it appears, and the submit button. */
import type { ReactNode } from 'react';

export function FormEnd(props: {
  error: string | null;
  /** The error's id, for fields that name it in `aria-describedby`. */
  errorId?: string;
  errorTestId?: string;
  busy: boolean;
  submitTestId: string;
  /** The button's label. */
  children: ReactNode;
}) {
  return (
    <>
      {props.error ? (
        <p className="bo-error" id={props.errorId} role="alert" data-testid={props.errorTestId}>
          {props.error}
        </p>
      ) : null}
      <button
        type="submit"
        className="bo-button bo-button--primary"
        disabled={props.busy}
        data-testid={props.submitTestId}
      >
        {props.children}
      </button>
    </>
  );
}
