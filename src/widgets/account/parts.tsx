/** Small building blocks shared by the views of <tk-account>. */
import type { ReactNode } from 'react';
import { Icon } from './icons';
import type { IconName } from './icons';

/** Title bar of a sub-page with an optional back button. */
export function PageHeader({
  title,
  backLabel,
  onBack,
}: {
  title: string;
  backLabel: string;
  onBack?: () => void;
}) {
  return (
    <header className="tk-account__header" part="header">
      {onBack ? (
        <button type="button" className="tk-account__icon-btn" aria-label={backLabel} onClick={onBack}>
          <Icon name="back" size={22} />
        </button>
      ) : null}
      <h1 className="tk-account__title">{title}</h1>
    </header>
  );
}

/** A group of rows, titled when it has a heading of its own. */
export function Section({ title, label, children }: { title?: string; label?: string; children: ReactNode }) {
  return (
    <section className="tk-account__section" part="section" aria-label={title ? undefined : label}>
      {title ? <h2 className="tk-account__section-title">{title}</h2> : null}
      <div className="tk-account__rows">{children}</div>
    </section>
  );
}

/** Props of Row: a button row (`onClick`) or a static row with a trailing control. */
export interface RowProps {
  icon: IconName;
  label: string;
  value?: ReactNode;
  onClick?: () => void;
  trailing?: ReactNode;
  testId?: string;
}

/** One list row: icon, label, value and a chevron when it opens something. */
export function Row({ icon, label, value, onClick, trailing, testId }: RowProps) {
  const body = (
    <>
      <span className="tk-account__row-icon">
        <Icon name={icon} />
      </span>
      <span className="tk-account__row-label">{label}</span>
      {value !== undefined ? <span className="tk-account__row-value">{value}</span> : null}
      {trailing ?? (onClick ? <Icon name="chevron" size={18} /> : null)}
    </>
  );
  if (onClick && trailing) {
    // A row that opens a page and has its own button (copy): two buttons side by side, never one in another.
    return (
      <div className="tk-account__row" part="row">
        <button type="button" className="tk-account__row-open" data-testid={testId} onClick={onClick}>
          <span className="tk-account__row-icon">
            <Icon name={icon} />
          </span>
          <span className="tk-account__row-label">{label}</span>
          {value !== undefined ? <span className="tk-account__row-value">{value}</span> : null}
        </button>
        {trailing}
      </div>
    );
  }
  if (onClick) {
    return (
      <button type="button" className="tk-account__row" part="row" data-testid={testId} onClick={onClick}>
        {body}
      </button>
    );
  }
  return (
    <div className="tk-account__row" part="row" data-testid={testId}>
      {body}
    </div>
  );
}

/** Props of Field. */
export interface FieldProps {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  children: ReactNode;
}

/** A labelled form field with its error (announced) or hint below. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="tk-account__field" data-invalid={error ? 'true' : undefined}>
      <label className="tk-account__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="tk-account__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="tk-account__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
