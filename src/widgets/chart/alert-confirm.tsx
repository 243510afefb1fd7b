import type { Translate } from '../_shared/use-t';
import type { ChartAlertCondition } from './alert-lines.logic';
import { LineConfirm } from './line-confirm';

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
  const title = t(condition === 'bid_above' ? 'chart.alerts.confirm_above' : 'chart.alerts.confirm_below', {
    symbol,
    level,
  });
  return (
    <LineConfirm
      title={title}
      part="alert-confirm"
      name="alert"
      confirmLabel={t('chart.alerts.confirm')}
      fields={[
        { key: 'bid', label: t('chart.alerts.bid'), value: bid },
        { key: 'level', label: t('chart.alerts.level'), value: level },
      ]}
      busy={busy}
      t={t}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
