import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** Spec §9: a toast stays 1500 ms; failures stay twice as long so a code can be read. */
export const TOAST_MS = 1500;

type Show = (text: string, tone?: 'info' | 'error') => void;
const ToastContext = createContext<Show>(() => undefined);

/** Show a short message in the widget's live region (the newest wins). */
export function useToast(): Show {
  return useContext(ToastContext);
}

/** Provides useToast() and renders the message in a polite live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ text: string; tone: 'info' | 'error'; id: number } | null>(null);
  const next = useRef(1);
  const show = useCallback<Show>((text, tone = 'info') => setToast({ text, tone, id: next.current++ }), []);
  useEffect(() => {
    if (!toast) return;
    const ms = toast.tone === 'error' ? TOAST_MS * 2 : TOAST_MS;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), ms);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="tk-pos__toast-region" role="status" aria-live="polite">
        {toast ? (
          <span key={toast.id} className="tk-pos__toast" data-tone={toast.tone} part="toast">
            {toast.text}
          </span>
        ) : null}
      </div>
    </ToastContext.Provider>
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
      className="tk-pos__backdrop"
      data-kind={role}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <div
        ref={panel}
        className="tk-pos__drawer"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        part={`drawer ${part}`}
      >
        <header className="tk-pos__drawer-head">
          <h2 id={titleId} className="tk-pos__drawer-title">
            {title}
          </h2>
          <button type="button" className="tk-pos__icon-btn" aria-label={closeLabel} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </header>
        <div className="tk-pos__drawer-body">{children}</div>
        {actions ? <div className="tk-pos__drawer-actions">{actions}</div> : null}
      </div>
    </div>
  );
}
