/** The ws_failed alert (spec §8): after the last reconnect attempt, OK reloads the page. */
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { useT } from '../../widgets/_shared/use-t';
import { Dialog } from '../ui/dialog';

/** Modal shown while the market feed is `failed`. */
export function WsFailedDialog({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { atoms } = usePlatform();
  const feed = useAtomValue(atoms.feedState);
  const t = useT();
  if (feed.status !== 'failed') return null;
  return (
    <Dialog
      role="alertdialog"
      testId="ws-failed"
      actions={
        <button type="button" className="host-btn host-btn--primary" data-autofocus onClick={reload}>
          {t('common.ok')}
        </button>
      }
    >
      <p className="host-dialog__message">{t('feed.ws_failed')}</p>
    </Dialog>
  );
}
