/**
 * The confirm warning before switching between the real and the demo account (spec §4/§5), shared by the
 * top-bar switch and the forms' "Try it on the demo account".
 */
import { useState } from 'react';
import { useT } from '../../widgets/_shared/use-t';
import { useHostSession } from '../session/use-host-session';
import { Dialog } from '../ui/dialog';
import { showNotice } from '../ui/notice';

/** Asks, then switches the session to the other account (a new token for it). */
export function SwitchAccountDialog({ toDemo, onClose }: { toDemo: boolean; onClose: () => void }) {
  const t = useT();
  const { session } = useHostSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    const result = await session.switchAccount();
    setBusy(false);
    if (!result.ok) return setError(result.message);
    onClose();
    showNotice(toDemo ? 'account.switched_demo' : 'account.switched_real');
  };
  return (
    <Dialog
      title={t(toDemo ? 'account.switch_to_demo' : 'account.switch_to_real')}
      onClose={onClose}
      testId="switch-dialog"
      actions={
        <>
          <button type="button" className="host-btn" data-autofocus onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="host-btn host-btn--primary"
            disabled={busy}
            data-testid="switch-confirm"
            onClick={confirm}
          >
            {t('common.ok')}
          </button>
        </>
      }
    >
      <p className="host-dialog__message">
        {t(toDemo ? 'account.switch_to_demo_warning' : 'account.switch_to_real_warning')}
      </p>
      {error ? (
        <p className="host-user__error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
