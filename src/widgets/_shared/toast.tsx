import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** Spec §9: a toast stays 1500 ms. */
export const TOAST_MS = 1500;

/** Shows a message (one at a time, the newest wins). */
export type ShowToast = (text: string, tone?: 'info' | 'error') => void;

const ToastContext = createContext<ShowToast>(() => undefined);

/** Show a short message in the widget's live region (the newest wins). */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

/** Props of ToastProvider. */
export interface ToastProviderProps {
  /** The widget's class block, e.g. `tk-pos`: `<block>__toast-region` and `<block>__toast`. */
  block: string;
  /** How long an error stays, in ms (a code wants reading); an info toast stays TOAST_MS. */
  errorMs?: number;
  children: ReactNode;
}

/** Provides useToast() and renders the message in a polite live region inside the widget. */
export function ToastProvider({ block, errorMs = TOAST_MS, children }: ToastProviderProps) {
  const [toast, setToast] = useState<{ text: string; tone: 'info' | 'error'; id: number } | null>(null);
  const next = useRef(1);
  const show = useCallback<ShowToast>(
    (text, tone = 'info') => setToast({ text, tone, id: next.current++ }),
    [],
  );
  useEffect(() => {
    if (!toast) return;
    const ms = toast.tone === 'error' ? errorMs : TOAST_MS;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), ms);
    return () => clearTimeout(timer);
  }, [toast, errorMs]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className={`${block}__toast-region`} role="status" aria-live="polite">
        {toast ? (
          <span key={toast.id} className={`${block}__toast`} data-tone={toast.tone} part="toast">
            {toast.text}
          </span>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}
