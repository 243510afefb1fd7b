import type { ReactNode } from 'react';
import { ToastProvider as SharedToastProvider } from '../_shared/toast';

export { TOAST_MS, useToast } from '../_shared/toast';

/** Provides useToast() and renders the message in a polite live region inside the widget. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return <SharedToastProvider block="tk-account">{children}</SharedToastProvider>;
}
