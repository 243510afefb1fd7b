/** Loads one answer of the admin API for a screen, again whenever its key changes or `reload` is called. */
import { useCallback, useEffect, useState } from 'react';
import type { Outcome } from './transport';
import { failureText, useBackoffice } from './context';

export type Loaded<T> =
  { state: 'loading' } | { state: 'ok'; data: T } | { state: 'failed'; message: string; forbidden: boolean };

/**
 * `[loaded, reload, update]`: `update(change)` changes a loaded answer in place (a live push), and does nothing
 * while it loads or after it failed (the next load brings the change).
 */
export function useLoad<T>(
  key: string | null,
  load: () => Promise<Outcome<T>>,
): [Loaded<T>, () => void, (change: (data: T) => T) => void] {
  const { t, onSessionEnded } = useBackoffice();
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setLoaded((now) => (now.state === 'ok' ? { state: 'ok', data: change(now.data) } : now)),
    [],
  );
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setLoaded({ state: 'loading' });
    void load().then((answer) => {
      if (!live) return;
      if (answer.ok) return setLoaded({ state: 'ok', data: answer.data });
      if (answer.status === 401) return onSessionEnded();
      setLoaded({ state: 'failed', message: failureText(t, answer), forbidden: answer.status === 403 });
    });
    return () => {
      live = false;
    };
    // `load` is rebuilt each render; the key says when the request changes.
  }, [key, round]);
  return [loaded, reload, update];
}
