/**
 * The product's one toast: a short message over the page that wraps at any length, stays for its reading
 * time (toast.logic.ts), holds while hovered or focused, and is announced — politely for news, as an
 * alert for failures. Widgets and the host page all show their messages through it.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { usePartCss } from './widget-host';
import toastCss from './toast.css?inline';
import { TOAST_RESUME_MS, toastDuration } from './toast.logic';

export { TOAST_MS, toastDuration } from './toast.logic';

/** Tone of a toast: news (polite) or a failure (an alert). */
export type ToastTone = 'info' | 'error';

/** One message; the newest replaces the one shown. */
export interface ToastMessage {
  text: string;
  tone: ToastTone;
  id: number;
  /** Shown but not announced: the page's announcer says the event in fuller words (announcer.tsx, SR1). */
  quiet?: boolean;
}

/** Shows a message (one at a time, the newest wins); `quiet` keeps it out of the live regions. */
export type ShowToast = (text: string, tone?: ToastTone, quiet?: boolean) => void;

/** The toast shown now, how to show another and how to clear one (by its id, so a newer one stays). */
export interface ToastState {
  toast: ToastMessage | null;
  show: ShowToast;
  dismiss: (id: number) => void;
}

/** Holds the one toast of a widget or page. */
export function useToastState(): ToastState {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const next = useRef(1);
  const show = useCallback<ShowToast>(
    (text, tone = 'info', quiet = false) => setToast({ text, tone, id: next.current++, quiet }),
    [],
  );
  const dismiss = useCallback((id: number) => setToast((t) => (t?.id === id ? null : t)), []);
  return { toast, show, dismiss };
}

/** Props of ToastRegion. */
export interface ToastRegionProps {
  toast: ToastMessage | null;
  /** Called with the toast's id once its time is up. */
  onDone: (id: number) => void;
  /** Extra class of the region, to place it (the default is fixed at the bottom centre of the viewport). */
  className?: string;
  /** `data-testid` of the polite region; the alert is `<testId>-alert`. */
  testId?: string;
}

/**
 * The live regions and the toast. The polite region is always in the DOM so screen readers hear what is
 * put into it; an alert is announced when it appears, so it is rendered only while a failure shows.
 */
export function ToastRegion({ toast, onDone, className, testId = 'toast' }: ToastRegionProps) {
  usePartCss('toast', toastCss);
  const item = toast ? <ToastItem key={toast.id} toast={toast} onDone={onDone} /> : null;
  const live = toast && !toast.quiet ? toast.tone : null;
  return (
    <div className={className ? `tk-toast-region ${className}` : 'tk-toast-region'}>
      <div className="tk-toast-live" role="status" aria-live="polite" data-testid={testId}>
        {live === 'info' ? item : null}
      </div>
      {live === 'error' ? (
        <div className="tk-toast-live" role="alert" data-testid={`${testId}-alert`}>
          {item}
        </div>
      ) : null}
      {toast?.quiet ? (
        <div className="tk-toast-live" data-testid={`${testId}-quiet`}>
          {item}
        </div>
      ) : null}
    </div>
  );
}

function ToastItem({ toast, onDone }: { toast: ToastMessage; onDone: (id: number) => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const left = useRef(toastDuration(toast.text));
  const done = useRef(onDone);
  done.current = onDone;
  const held = hovered || focused;
  useEffect(() => {
    if (held) return undefined;
    const started = Date.now();
    const timer = setTimeout(() => done.current(toast.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current = Math.max(TOAST_RESUME_MS, left.current - (Date.now() - started));
    };
  }, [held, toast.id]);
  return (
    // tabIndex -1: a tap or click focuses the toast and so holds it, without adding a stop to the tab order.
    <span
      className="tk-toast"
      data-type={toast.tone}
      data-held={held || undefined}
      part="toast"
      tabIndex={-1}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {toast.text}
    </span>
  );
}

const ToastContext = createContext<ShowToast>(() => undefined);

/** Show a message in the nearest ToastProvider (the newest wins). */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

/** Props of ToastProvider. */
export interface ToastProviderProps {
  /** Extra class of the region, to place it. */
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** Provides useToast() to a widget and renders its toast. */
export function ToastProvider({ className, testId, children }: ToastProviderProps) {
  const { toast, show, dismiss } = useToastState();
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastRegion toast={toast} onDone={dismiss} className={className} testId={testId} />
    </ToastContext.Provider>
  );
}
