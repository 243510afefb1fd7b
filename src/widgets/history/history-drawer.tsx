import type { ReactNode } from 'react';
import { ModalDrawer } from '../_shared/drawer';

/** Props of HistoryDrawer. */
export interface HistoryDrawerProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children?: ReactNode;
}

/**
 * The modal detail drawer: a side panel in wide containers, a bottom sheet in narrow ones. Focus moves in
 * on open and back to the row on close; Escape and the backdrop close it.
 */
export function HistoryDrawer({ title, closeLabel, onClose, children }: HistoryDrawerProps) {
  return (
    <ModalDrawer
      title={title}
      closeLabel={closeLabel}
      onClose={onClose}
      block="tk-hist"
      part="drawer detail"
      autofocus={false}
    >
      {children}
    </ModalDrawer>
  );
}
