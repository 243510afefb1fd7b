import type { ReactNode } from 'react';
import { ModalDrawer } from '../_shared/drawer';

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
