/**
 * The state of <tk-alerts>: the caller's active and past alerts, loaded when the session is there and again
 * when an alert fires (its notification arrives on the socket), and the calls that change them.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  AlertCreate,
  AlertList,
  AlertRemove,
  AlertUpdate,
  type AlertMode,
  type PriceAlert,
} from '../../core/contract/alerts';
import { AlarmType } from '../../core/contract/notifications';
import { getSession } from '../../core/session/session';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { useNoticeReload } from '../_shared/use-notice-reload';
import { requestFields, type AlertForm } from './alerts.logic';

/** A call's outcome: the saved alert, or the server's translated message. */
export type Saved = { ok: true; alert: PriceAlert } | { ok: false; message: string };

export interface AlertsState {
  signedIn: boolean;
  /** null while loading; `failed` after a failed load. */
  lists: { active: PriceAlert[]; past: PriceAlert[] } | null;
  failed: boolean;
  reload: () => Promise<void>;
  create: (form: AlertForm, mode: AlertMode) => Promise<Saved>;
  update: (id: string, form: AlertForm) => Promise<Saved>;
  remove: (id: string) => Promise<{ ok: boolean; message?: string }>;
}

export function useAlerts(): AlertsState {
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const signedIn = state.status === 'signedIn';
  const [lists, setLists] = useState<AlertsState['lists']>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    setFailed(false);
    const result = await platform.api.call(AlertList, {});
    if (result.ok) setLists(result.data);
    else setFailed(true);
  }, [platform]);

  useEffect(() => {
    if (signedIn) void reload();
    else setLists(null);
  }, [signedIn, reload]);
  // A fired alert leaves the active list: its notification is the cue to load the lists again.
  const reloadOnFire = useCallback(() => void reload(), [reload]);
  useNoticeReload(signedIn, AlarmType.priceAlert, reloadOnFire);

  const create = useCallback(
    async (form: AlertForm, mode: AlertMode): Promise<Saved> => {
      const result = await platform.api.call(AlertCreate, {
        symbol: form.symbol,
        mode,
        ...requestFields(form),
      });
      if (!result.ok) return { ok: false, message: result.message };
      void reload();
      return { ok: true, alert: result.data.alert };
    },
    [platform, reload],
  );

  const update = useCallback(
    async (id: string, form: AlertForm): Promise<Saved> => {
      const result = await platform.api.call(AlertUpdate, { id, ...requestFields(form) });
      if (!result.ok) return { ok: false, message: result.message };
      void reload();
      return { ok: true, alert: result.data.alert };
    },
    [platform, reload],
  );

  const remove = useCallback(
    async (id: string) => {
      const result = await platform.api.call(AlertRemove, { id });
      void reload();
      return result.ok ? { ok: true } : { ok: false, message: result.message };
    },
    [platform, reload],
  );

  return { signedIn, lists, failed, reload, create, update, remove };
}
