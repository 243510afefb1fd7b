import { useId } from 'react';
import type { ReactNode } from 'react';
import { CountryPicker } from '../_shared/phone/country-picker';
import { usePlatform } from '../_shared/platform-context';
import { DeleteEntry, SavedError } from '../_shared/saved-list';
import { useAtomValue } from '../_shared/store-react';
import { useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { BANK_CARD_PATHS, FIELD_MAX, bankCodeChoices, showsBankInfo, typedLast4 } from './bank-cards.logic';
import type { CardForm } from './bank-cards.logic';
import { useCardEditor, type CardEditorState } from './use-card-editor';

function Field({
  id,
  label,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="tk-saved__field tk-cards__field" data-field={id} data-invalid={error ? true : undefined}>
      <label className="tk-saved__label tk-cards__label" htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {error ? (
        <p className="tk-saved__error tk-cards__error" id={`${id}-error`} role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

type TextField = Exclude<keyof CardForm, 'phoneCountry' | 'bankCode' | 'phoneNational'>;

/** One text field of the form. */
function TextInput(props: {
  editor: CardEditorState;
  form: CardForm;
  field: TextField;
  label: string;
  required?: boolean;
  base: string;
}) {
  const { editor, form, field, label, required = false } = props;
  const id = `${props.base}-${field}`;
  const error = editor.errors[field];
  return (
    <Field id={id} label={label} error={error} required={required}>
      <input
        id={id}
        className="tk-saved__input tk-cards__input"
        data-testid={`card-${field}`}
        maxLength={FIELD_MAX[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        value={form[field]}
        onChange={(e) => editor.set(field)(e.target.value)}
      />
    </Field>
  );
}

/** The bank code select: no code, the known codes, and the card's own code when it is not among them. */
function BankCodeSelect({ editor, form, id }: { editor: CardEditorState; form: CardForm; id: string }) {
  const t = useT();
  return (
    <Field id={id} label={t('bank_cards.bank_code')}>
      <select
        id={id}
        className="tk-saved__input tk-cards__input"
        data-testid="card-bankCode"
        value={form.bankCode}
        onChange={(e) => editor.set('bankCode')(e.target.value)}
      >
        <option value="">{t('bank_cards.bank_code_none')}</option>
        {bankCodeChoices(form.bankCode).map((code) => (
          <option key={code} value={code}>
            {code.toUpperCase()}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The phone: a country picker and the national number (disabled until a country is chosen). */
function PhoneField({ editor, form, id }: { editor: CardEditorState; form: CardForm; id: string }) {
  const t = useT();
  const platform = usePlatform();
  const locale = useAtomValue(platform.atoms.language);
  const error = editor.errors.phoneNational;
  return (
    <Field id={id} label={t('bank_cards.phone')} error={error}>
      <div className="tk-cards__phone">
        <CountryPicker
          phone={editor.phone}
          locale={locale}
          text={(key) => t(`bank_cards.${key}`)}
          block="tk-cards"
          inputClass="tk-saved__input"
          testId="card"
          value={form.phoneCountry}
          onChange={editor.setCountry}
        />
        <input
          id={id}
          className="tk-saved__input tk-cards__input"
          data-testid="card-phone"
          type="tel"
          inputMode="tel"
          maxLength={FIELD_MAX.phoneNational}
          disabled={!form.phoneCountry}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={form.phoneNational}
          onChange={(e) => editor.set('phoneNational')(e.target.value)}
        />
      </div>
    </Field>
  );
}

/** Save and, when editing, delete behind its confirm drawer. */
function EditorActions({
  editor,
  form,
  go,
}: {
  editor: CardEditorState;
  form: CardForm;
  go: (to: string) => void;
}) {
  const t = useT();
  const toast = useToast();
  return (
    <div className="tk-saved__actions tk-cards__actions">
      <button
        type="submit"
        className="tk-button tk-saved__primary tk-cards__primary"
        part="submit"
        disabled={editor.busy}
      >
        {t('bank_cards.save')}
      </button>
      {editor.editing ? (
        <DeleteEntry
          block="tk-cards"
          title={t('bank_cards.delete_card_title')}
          texts={{ cancel: t('common.cancel'), delete: t('bank_cards.delete') }}
          testId="card-delete-confirm"
          disabled={editor.busy}
          remove={editor.remove}
          onDeleted={() => {
            toast(t('msg.delete_success'));
            go(BANK_CARD_PATHS.list);
          }}
        >
          <p>{t('bank_cards.delete_card_text', { bank: form.bankName, last4: typedLast4(form.account) })}</p>
        </DeleteEntry>
      ) : null}
    </div>
  );
}

/** The add and edit form; `cardId` set: edit (loads the card, offers delete). */
export function CardEditor({ cardId, go }: { cardId?: string | undefined; go: (to: string) => void }) {
  const t = useT();
  const base = useId();
  const editor = useCardEditor(cardId, go);
  const { form } = editor;

  if (editor.loadFailed) {
    return (
      <SavedError
        text={t('error.generic')}
        action={t('common.back')}
        onAction={() => go(BANK_CARD_PATHS.list)}
      />
    );
  }
  if (!form) {
    return (
      <p className="tk-state" aria-busy="true">
        {t('bank_cards.loading')}
      </p>
    );
  }

  const text = (field: TextField, label: string, required = false) => (
    <TextInput editor={editor} form={form} field={field} label={label} required={required} base={base} />
  );
  return (
    <form
      className="tk-saved__form tk-cards__form"
      part="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void editor.submit();
      }}
    >
      <h2 className="tk-saved__heading tk-cards__heading">
        {t(editor.editing ? 'bank_cards.edit_bank_card' : 'bank_cards.add_bank_card')}
      </h2>
      {text('bankCountry', t('bank_cards.bank_country'))}
      {text('bankName', t('bank_cards.bank_name'), true)}
      <BankCodeSelect editor={editor} form={form} id={`${base}-bankCode`} />
      {text('branchCode', t('bank_cards.branch_code'))}
      {text('swiftCode', t('bank_cards.swift_code'))}
      {text('bankAddress', t('bank_cards.bank_address'))}
      {showsBankInfo(form) ? (
        <>
          {text('insNum', t('bank_cards.ins_num'))}
          {text('traNum', t('bank_cards.tra_num'))}
        </>
      ) : null}
      {text('name', t('bank_cards.payee_name'), true)}
      {text('idNumber', t('bank_cards.id_number'))}
      {text('account', t('bank_cards.account'), true)}
      {text('accountType', t('bank_cards.account_type'))}
      <PhoneField editor={editor} form={form} id={`${base}-phone`} />
      {text('postCode', t('bank_cards.post_code'))}
      {text('address', t('bank_cards.payee_address'))}
      <EditorActions editor={editor} form={form} go={go} />
    </form>
  );
}
