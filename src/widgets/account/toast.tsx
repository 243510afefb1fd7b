import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** Spec §9: a toast stays 1500 ms. */
export const TOAST_MS = 1500;

type Show = (text: string, tone?: 'info' | 'error') => void;
const ToastContext = createContext<Show>(() => undefined);

/** Shows a message for 1.5 s (one at a time, the newest wins). */
export function useToast(): Show {
  return useContext(ToastContext);
}

/** Provides useToast() and renders the message in a polite live region inside the widget. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ text: string; tone: 'info' | 'error'; id: number } | null>(null);
  const next = useRef(1);
  const show = useCallback<Show>((text, tone = 'info') => setToast({ text, tone, id: next.current++ }), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="tk-account__toast-region" role="status" aria-live="polite">
        {toast ? (
          <span key={toast.id} className="tk-account__toast" data-tone={toast.tone} part="toast">
            {toast.text}
          </span>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}
