import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

/** Props of Sheet. */
export interface SheetProps {
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons at the bottom (confirm drawers). */
  actions?: ReactNode;
  /** `part` name for `::part()` styling, e.g. `language-drawer`. */
  part: string;
}

/**
 * A modal drawer: a bottom sheet on phones, a centred card in wide containers. Focus moves in on open and
 * back on close; Escape and the backdrop close it.
 */
export function Sheet({ title, onClose, children, actions, part }: SheetProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const root = panel.current?.getRootNode() as Document | ShadowRoot | undefined;
    const previous = (root?.activeElement ?? null) as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current;
    first?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div
      className="tk-account__backdrop"
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <div
        ref={panel}
        className="tk-account__sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        part={`sheet ${part}`}
      >
        <h2 id={titleId} className="tk-account__sheet-title">
          {title}
        </h2>
        <div className="tk-account__sheet-body">{children}</div>
        {actions ? <div className="tk-account__sheet-actions">{actions}</div> : null}
      </div>
    </div>
  );
}

/** Props of ConfirmSheet. */
export interface ConfirmSheetProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  part: string;
}

/** A confirm drawer (log out, account switch): message, Cancel and the action. */
export function ConfirmSheet(props: ConfirmSheetProps) {
  const { title, message, confirmLabel, cancelLabel, busy, danger, onConfirm, onClose, part } = props;
  return (
    <Sheet
      title={title}
      onClose={onClose}
      part={part}
      actions={
        <>
          <button type="button" className="tk-account__btn" onClick={onClose} data-autofocus>
            {cancelLabel}
          </button>
          <button
            type="button"
            className="tk-account__btn"
            data-variant={danger ? 'danger' : 'primary'}
            disabled={busy}
            aria-busy={busy || undefined}
            data-testid={`${part}-confirm`}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="tk-account__sheet-text">{message}</p>
    </Sheet>
  );
}
