/** Short notices (route guard messages): one at a time, shown for 1500 ms (spec §9 toast). */
import { useEffect, useSyncExternalStore } from 'react';
import { useT } from '../../widgets/_shared/use-t';
import './notice.css';

const TOAST_MS = 1500;
let current: { key: string; id: number } | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Shows the text of an i18n key as a notice. */
export function showNotice(key: string): void {
  current = { key, id: nextId++ };
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders the current notice; mount once. */
export function NoticeHost() {
  const notice = useSyncExternalStore(subscribe, () => current);
  const t = useT();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      if (current?.id === notice.id) {
        current = null;
        emit();
      }
    }, TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div className="host-notice" role="status" aria-live="polite">
      {notice ? (
        <span key={notice.id} className="host-notice__text">
          {t(notice.key)}
        </span>
      ) : null}
    </div>
  );
}
