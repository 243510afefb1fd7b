import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

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
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const root = panel.current?.getRootNode() as Document | ShadowRoot | undefined;
    const previous = (root?.activeElement ?? null) as HTMLElement | null;
    panel.current?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div
      className="tk-hist__backdrop"
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <div
        ref={panel}
        className="tk-hist__drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        part="drawer detail"
      >
        <header className="tk-hist__drawer-head">
          <h2 id={titleId} className="tk-hist__drawer-title">
            {title}
          </h2>
          <button type="button" className="tk-hist__icon-btn" aria-label={closeLabel} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </header>
        <div className="tk-hist__drawer-body">{children}</div>
      </div>
    </div>
  );
}
