/**
 * Modal dialog of the host: focus moves in on open, Tab keeps it inside, and it goes back on close; Escape
 * closes when allowed.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { focusDropped, trapTab } from '../../widgets/_shared/focus-trap';
import './dialog.css';

export interface DialogProps {
  /** Visible title (also the accessible name). */
  title?: string;
  /** alertdialog for messages the user must acknowledge. */
  role?: 'dialog' | 'alertdialog';
  /** Escape and backdrop clicks call this; absent: the dialog can only be left by its own buttons. */
  onClose?: () => void;
  wide?: boolean;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

/** A centred modal panel over a dimmed page. */
export function Dialog({ title, role = 'dialog', onClose, wide, children, actions, testId }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const target = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current;
    target?.focus();
    // Only a focus the dialog dropped goes back (KO1): one already placed elsewhere stays.
    return () => {
      if (focusDropped(document)) previous?.focus?.();
    };
  }, []);

  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="host-dialog" onClick={(e) => e.target === e.currentTarget && onClose?.()}>
      <div
        ref={panel}
        className="host-dialog__panel"
        data-wide={wide || undefined}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={bodyId}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={(e) => panel.current && trapTab(e, panel.current)}
      >
        {title ? (
          <h2 id={titleId} className="host-dialog__title">
            {title}
          </h2>
        ) : null}
        <div id={bodyId} className="host-dialog__body">
          {children}
        </div>
        {actions ? <div className="host-dialog__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
