import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Run a task after the next commit, e.g. focus a control that the same update renders, enables or marks
 * invalid (a microtask may run before React has rendered an update made outside an event handler).
 */
export function useAfterRender(): (task: () => void) => void {
  const [tick, setTick] = useState(0);
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    const task = pending.current;
    pending.current = null;
    task?.();
  }, [tick]);
  return useCallback((task: () => void) => {
    pending.current = task;
    setTick((n) => n + 1);
  }, []);
}

/** Focus the first invalid control inside `root`. */
export function focusFirstInvalid(root: HTMLElement | null): void {
  root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Whether the component is mounted now (read it after an await). */
export function useMountedRef(): { readonly current: boolean } {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
