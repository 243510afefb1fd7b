import { useId } from 'react';
import { ModalDrawer } from '../_shared/drawer';
import type { Translate } from '../_shared/use-t';

/** Props of LineConfirm. */
export interface LineConfirmProps {
  title: string;
  /** The card's `part` name and the prefix of its test ids (`confirm-<name>`, `confirm-<name>-fields`). */
  part: string;
  name: string;
  confirmLabel: string;
  /** The prices the question is about, each with its `data-field` key and label. */
  fields: ReadonlyArray<{ key: string; label: string; value: string }>;
  /** The change is on its way to the server. */
  busy: boolean;
  t: Translate;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirm card of a line dropped on the chart (a moved stop loss or take profit, a new alert). */
export function LineConfirm(props: LineConfirmProps) {
  const { title, part, name, confirmLabel, fields, busy, t, onCancel, onConfirm } = props;
  // A screen reader hears the prices with the question, not the question alone.
  const fieldsId = useId();
  return (
    <ModalDrawer
      title={title}
      onClose={onCancel}
      block="tk-chart"
      part={part}
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
            data-testid={`confirm-${name}`}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <dl id={fieldsId} className="tk-drawer__fields" data-testid={`confirm-${name}-fields`}>
        {fields.map((field) => (
          <div key={field.key} className="tk-drawer__field" data-field={field.key}>
            <dt>{field.label}</dt>
            <dd className="tk-num">{field.value}</dd>
          </div>
        ))}
      </dl>
    </ModalDrawer>
  );
}
