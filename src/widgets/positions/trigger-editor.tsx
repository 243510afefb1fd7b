import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { MarketOrder, UpdateOrderRequest } from '../../core/contract/trading';
import type { Translate } from '../_shared/use-t';
import { AmountInput } from '../_shared/amount-input';
import { TRIGGER_EDIT_RULES, triggerEdit, triggerShapeIssue, triggerText } from './positions.logic';

/** Props of TriggerEditor. */
export interface TriggerEditorProps {
  order: MarketOrder;
  t: Translate;
  onSave: (change: UpdateOrderRequest) => Promise<boolean>;
}

/**
 * Stop loss and take profit of one order (spec §5: 2 decimals, empty turns one off). The server checks them
 * against the current price by direction (308–315) and its message is shown as the failure toast.
 */
export function TriggerEditor({ order, t, onSave }: TriggerEditorProps) {
  const id = useId();
  const [stop, setStop] = useState(triggerText(order.stopPrice) ?? '');
  const [take, setTake] = useState(triggerText(order.takeProfitPrice) ?? '');
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<'stopPrice' | 'takeProfitPrice' | null>(null);
  // Triggers changed by this save, another tab or the server replace what the inputs hold.
  const { stopPrice, takeProfitPrice } = order;
  useEffect(() => {
    setStop(triggerText(stopPrice) ?? '');
    setTake(triggerText(takeProfitPrice) ?? '');
  }, [stopPrice, takeProfitPrice]);

  const edit = triggerEdit(order, stop, take);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const flagged = triggerShapeIssue(stop, take);
    if (flagged) return setInvalid(flagged);
    if (edit.kind === 'invalid') return setInvalid(edit.field);
    if (edit.kind !== 'change') return;
    setInvalid(null);
    setBusy(true);
    await onSave(edit.request);
    setBusy(false);
  };

  return (
    <form className="tk-pos__triggers-form" onSubmit={(e) => void submit(e)} part="trigger-editor">
      <h3 className="tk-pos__subtitle">{t('position.edit_triggers')}</h3>
      <div className="tk-pos__inputs">
        <label htmlFor={`${id}-sl`}>{t('position.field.stop_loss')}</label>
        <AmountInput
          id={`${id}-sl`}
          className="tk-pos__input tk-num"
          {...TRIGGER_EDIT_RULES}
          value={stop}
          placeholder={t('position.off')}
          aria-invalid={invalid === 'stopPrice' || undefined}
          onValue={setStop}
        />
        <label htmlFor={`${id}-tp`}>{t('position.field.take_profit')}</label>
        <AmountInput
          id={`${id}-tp`}
          className="tk-pos__input tk-num"
          {...TRIGGER_EDIT_RULES}
          value={take}
          placeholder={t('position.off')}
          aria-invalid={invalid === 'takeProfitPrice' || undefined}
          onValue={setTake}
        />
      </div>
      <p className="tk-pos__hint">{t('position.triggers_hint')}</p>
      <button
        type="submit"
        className="tk-pos__btn"
        data-variant="primary"
        disabled={busy || edit.kind === 'unchanged'}
        aria-busy={busy || undefined}
      >
        {t('position.save')}
      </button>
    </form>
  );
}
