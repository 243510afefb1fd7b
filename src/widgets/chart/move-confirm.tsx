import { useId } from 'react';
import { ModalDrawer } from '../_shared/drawer';
import type { Translate } from '../_shared/use-t';

/** Props of MoveConfirm. */
export interface MoveConfirmProps {
  kind: 'stop' | 'take';
  /** The order's trigger now and where the line was dropped. */
  from: string;
  to: string;
  /** The change is on its way to the server. */
  busy: boolean;
  t: Translate;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirm card of a stop loss or take profit line dragged on the chart: the old and the new price. */
export function MoveConfirm({ kind, from, to, busy, t, onCancel, onConfirm }: MoveConfirmProps) {
  // A screen reader hears the old and the new price with the question, not the question alone.
  const fieldsId = useId();
  return (
    <ModalDrawer
      title={t(kind === 'stop' ? 'chart.lines.confirm_stop' : 'chart.lines.confirm_take')}
      onClose={onCancel}
      block="tk-chart"
      part="confirm"
      role="alertdialog"
      kind="alertdialog"
      describedBy={fieldsId}
      actions={
        <>
          <button type="button" className="tk-button" data-autofocus onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="tk-button"
            data-variant="primary"
            data-testid="confirm-move"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {t('chart.lines.confirm')}
          </button>
        </>
      }
    >
      <dl id={fieldsId} className="tk-drawer__fields" data-testid="confirm-move-fields">
        <div className="tk-drawer__field" data-field="from">
          <dt>{t('chart.lines.from')}</dt>
          <dd className="tk-num">{from}</dd>
        </div>
        <div className="tk-drawer__field" data-field="to">
          <dt>{t('chart.lines.to')}</dt>
          <dd className="tk-num">{to}</dd>
        </div>
      </dl>
    </ModalDrawer>
  );
}
