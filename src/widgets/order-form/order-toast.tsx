import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: a toast stays 1500 ms. */
export const TOAST_MS = 1500;

/** One message at a time; the newest replaces the one shown. */
export interface Toast {
  text: string;
  tone: 'info' | 'error';
  id: number;
}

/** The form's toast: the message and how to show one. */
export function useToast(): [Toast | null, (text: string, tone?: Toast['tone']) => void] {
  const [toast, setToast] = useState<Toast | null>(null);
  const next = useRef(1);
  const show = useCallback(
    (text: string, tone: Toast['tone'] = 'info') => setToast({ text, tone, id: next.current++ }),
    [],
  );
  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return [toast, show];
}

/** The live region the toast is read from (errors assertively, the rest politely). */
export function ToastRegion({ toast }: { toast: Toast | null }) {
  return (
    <div className="tk-order-form__toasts">
      <div role="alert" data-testid="order-alert">
        {toast?.tone === 'error' ? (
          <span key={toast.id} className="tk-order-form__toast" data-tone="error" part="toast">
            {toast.text}
          </span>
        ) : null}
      </div>
      <div role="status" aria-live="polite" data-testid="order-status">
        {toast?.tone === 'info' ? (
          <span key={toast.id} className="tk-order-form__toast" data-tone="info" part="toast">
            {toast.text}
          </span>
        ) : null}
      </div>
    </div>
  );
}
