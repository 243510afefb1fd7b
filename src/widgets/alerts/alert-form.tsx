/** The create and edit form of <tk-alerts>: symbol, condition, level or percentage, note. */
import { useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ALERT_CONDITIONS, ALERT_NOTE_MAX, type PriceAlert } from '../../core/contract/alerts';
import { formatPrice } from '../../core/domain/format';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { useT } from '../_shared/use-t';
import { checkForm, usesLevel, type AlertForm, type FormErrors } from './alerts.logic';

function Field(props: { id: string; label: string; error?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="tk-saved__field tk-alerts__field" data-invalid={props.error ? true : undefined}>
      <label className="tk-saved__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.error ? (
        <p className="tk-saved__error" id={`${props.id}-error`} role="alert">
          {t(props.error)}
        </p>
      ) : null}
    </div>
  );
}

/** Props of AlertFormView. */
export interface AlertFormProps {
  /** The alert being edited; a new one when absent. */
  editing?: PriceAlert;
  initial: AlertForm;
  /** Sends the form; answers the server's message when it refused. */
  onSave: (form: AlertForm) => Promise<string | null>;
  onCancel: () => void;
}

/** The form; the symbol is fixed when editing (an alert keeps its symbol). */
export function AlertFormView({ editing, initial, onSave, onCancel }: AlertFormProps) {
  const t = useT();
  const platform = usePlatform();
  const prices = useAtomValue(platform.atoms.prices);
  const base = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const symbols = useMemo(() => [...prices.keys()].sort(), [prices]);
  const quote = prices.get(form.symbol);
  // No quotes on the page yet: the server checks the symbol and the precision alone.
  const precision = quote ? quote.pricePrecision : prices.size > 0 ? null : undefined;
  const set = (field: keyof AlertForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field === 'condition' ? 'level' : field]: undefined }));
  };

  const submit = async () => {
    if (busy) return;
    const found = checkForm(form, precision);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setRefusal(await onSave(form));
    setBusy(false);
  };

  const id = (name: string) => `${base}-${name}`;
  const described = (name: keyof FormErrors) => (errors[name] ? `${id(name)}-error` : undefined);
  return (
    <form
      className="tk-saved__form tk-alerts__form"
      part="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="tk-saved__heading">{t(editing ? 'alerts.form_title_edit' : 'alerts.form_title_new')}</h2>
      <Field id={id('symbol')} label={t('alerts.symbol')} error={errors.symbol}>
        <select
          id={id('symbol')}
          className="tk-saved__input"
          data-testid="alert-symbol"
          value={form.symbol}
          disabled={Boolean(editing)}
          aria-invalid={errors.symbol ? true : undefined}
          aria-describedby={described('symbol')}
          onChange={(e) => set('symbol')(e.target.value)}
        >
          {form.symbol && !symbols.includes(form.symbol) ? (
            <option value={form.symbol}>{form.symbol}</option>
          ) : null}
          {form.symbol ? null : <option value="">{t('alerts.choose_symbol')}</option>}
          {symbols.map((symbol) => (
            <option key={symbol} value={symbol}>
              {symbol}
            </option>
          ))}
        </select>
      </Field>
      {quote ? (
        <p className="tk-alerts__now tk-num" data-testid="alert-now">
          {t('alerts.current', {
            bid: formatPrice(quote.bidPrice, quote.pricePrecision),
            ask: formatPrice(quote.askPrice, quote.pricePrecision),
          })}
        </p>
      ) : null}
      <Field id={id('condition')} label={t('alerts.condition')}>
        <select
          id={id('condition')}
          className="tk-saved__input"
          data-testid="alert-condition"
          value={form.condition}
          onChange={(e) => set('condition')(e.target.value)}
        >
          {ALERT_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {t(`alerts.conditions.${condition}`)}
            </option>
          ))}
        </select>
      </Field>
      {usesLevel(form.condition) ? (
        <Field id={id('level')} label={t('alerts.level')} error={errors.level}>
          <input
            id={id('level')}
            className="tk-saved__input tk-num"
            data-testid="alert-level"
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            value={form.level}
            aria-invalid={errors.level ? true : undefined}
            aria-describedby={described('level')}
            onChange={(e) => set('level')(e.target.value)}
          />
        </Field>
      ) : (
        <Field id={id('percent')} label={t('alerts.percent')} error={errors.percent}>
          <input
            id={id('percent')}
            className="tk-saved__input tk-num"
            data-testid="alert-percent"
            inputMode="decimal"
            autoComplete="off"
            maxLength={8}
            value={form.percent}
            aria-invalid={errors.percent ? true : undefined}
            aria-describedby={described('percent')}
            onChange={(e) => set('percent')(e.target.value)}
          />
        </Field>
      )}
      <Field id={id('note')} label={t('alerts.note')} error={errors.note}>
        <input
          id={id('note')}
          className="tk-saved__input"
          data-testid="alert-note"
          maxLength={ALERT_NOTE_MAX}
          value={form.note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={described('note')}
          onChange={(e) => set('note')(e.target.value)}
        />
      </Field>
      {refusal ? (
        <p className="tk-saved__error" role="alert" data-testid="alert-refusal">
          {refusal}
        </p>
      ) : null}
      <div className="tk-saved__actions">
        <button type="button" className="tk-button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="tk-button tk-saved__primary"
          data-testid="alert-save"
          disabled={busy}
        >
          {t(editing ? 'alerts.save' : 'alerts.create')}
        </button>
      </div>
    </form>
  );
}
