/** Short notices of the host (route guard, log-out, account switch), shown with the product's one toast. */
import { useCallback, useSyncExternalStore } from 'react';
import { ToastRegion, type ToastTone } from '../../widgets/_shared/toast';
import '../../widgets/_shared/toast.css';
import { useT } from '../../widgets/_shared/use-t';

/** How a notice shows: its text's variables, its tone, and `quiet` when the announcer says it in fuller words. */
export interface NoticeOptions {
  vars?: Record<string, string>;
  tone?: ToastTone;
  quiet?: boolean;
}

let current: ({ key: string; id: number } & NoticeOptions) | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Shows the text of an i18n key as a notice (the newest replaces the one shown). */
export function showNotice(key: string, options: NoticeOptions = {}): void {
  current = { key, id: nextId++, ...options };
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
  const done = useCallback((id: number) => {
    if (current?.id !== id) return;
    current = null;
    emit();
  }, []);
  const toast = notice
    ? {
        text: t(notice.key, notice.vars),
        tone: notice.tone ?? 'info',
        id: notice.id,
        quiet: notice.quiet === true,
      }
    : null;
  return <ToastRegion toast={toast} onDone={done} className="host-notice" testId="host-notice" />;
}
