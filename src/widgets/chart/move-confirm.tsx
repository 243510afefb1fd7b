import type { Translate } from '../_shared/use-t';
import { LineConfirm } from './line-confirm';

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
  return (
    <LineConfirm
      title={t(kind === 'stop' ? 'chart.lines.confirm_stop' : 'chart.lines.confirm_take')}
      part="confirm"
      name="move"
      confirmLabel={t('chart.lines.confirm')}
      fields={[
        { key: 'from', label: t('chart.lines.from'), value: from },
        { key: 'to', label: t('chart.lines.to'), value: to },
      ]}
      busy={busy}
      t={t}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
