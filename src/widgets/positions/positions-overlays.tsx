import type { ReactNode } from 'react';
import { ModalDrawer } from '../_shared/drawer';
import { TOAST_MS, ToastProvider as SharedToastProvider } from '../_shared/toast';

export { TOAST_MS, useToast } from '../_shared/toast';

/** Provides useToast() and renders the message in a polite live region; failures stay twice as long. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SharedToastProvider block="tk-pos" errorMs={TOAST_MS * 2}>
      {children}
    </SharedToastProvider>
  );
}

/** Props of Drawer. */
export interface DrawerProps {
  title: string;
  onClose: () => void;
  /** Accessible name of the close button. */
  closeLabel: string;
  part: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Alert dialogs (confirmations) are announced as such. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal drawer: a bottom sheet in narrow containers, a side panel in wide ones. Focus moves in on open
 * and back on close; Escape and the backdrop close it.
 */
export function Drawer({
  title,
  onClose,
  closeLabel,
  part,
  children,
  actions,
  role = 'dialog',
}: DrawerProps) {
  return (
    <ModalDrawer
      title={title}
      onClose={onClose}
      closeLabel={closeLabel}
      block="tk-pos"
      part={`drawer ${part}`}
      actions={actions}
      role={role}
      kind={role}
    >
      {children}
    </ModalDrawer>
  );
}
