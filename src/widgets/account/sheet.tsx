import type { ReactNode } from 'react';
import { ModalDrawer } from '../_shared/drawer';

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
  return (
    <ModalDrawer
      title={title}
      onClose={onClose}
      block="tk-account"
      element="sheet"
      variant="sheet"
      part={`sheet ${part}`}
      actions={actions}
    >
      {children}
    </ModalDrawer>
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
