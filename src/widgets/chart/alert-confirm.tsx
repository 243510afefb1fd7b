import { useId } from 'react';
import { ModalDrawer } from '../_shared/drawer';
import type { Translate } from '../_shared/use-t';
import type { ChartAlertCondition } from './alert-lines.logic';

/** Props of AlertConfirm. */
export interface AlertConfirmProps {
  symbol: string;
  condition: ChartAlertCondition;
  /** The bid now and the level the line was dropped at. */
  bid: string;
  level: string;
  /** The alert is on its way to the server. */
  busy: boolean;
  t: Translate;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirm card of an alert line dropped on the chart: which way the bid must go, and to where. */
export function AlertConfirm({
  symbol,
  condition,
  bid,
  level,
  busy,
  t,
  onCancel,
  onConfirm,
}: AlertConfirmProps) {
  // A screen reader hears the bid and the level with the question, not the question alone.
  const fieldsId = useId();
  const title = t(condition === 'bid_above' ? 'chart.alerts.confirm_above' : 'chart.alerts.confirm_below', {
    symbol,
    level,
  });
  return (
    <ModalDrawer
      title={title}
      onClose={onCancel}
      block="tk-chart"
      part="alert-confirm"
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
            data-testid="confirm-alert"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {t('chart.alerts.confirm')}
          </button>
        </>
      }
    >
      <dl id={fieldsId} className="tk-drawer__fields" data-testid="confirm-alert-fields">
        <div className="tk-drawer__field" data-field="bid">
          <dt>{t('chart.alerts.bid')}</dt>
          <dd className="tk-num">{bid}</dd>
        </div>
        <div className="tk-drawer__field" data-field="level">
          <dt>{t('chart.alerts.level')}</dt>
          <dd className="tk-num">{level}</dd>
        </div>
      </dl>
    </ModalDrawer>
  );
}
