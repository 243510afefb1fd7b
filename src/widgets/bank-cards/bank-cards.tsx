import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { loadCodec } from '../../core/codec/load';
import {
  BANK_CODES,
  BankCardDelete,
  BankCardInsert,
  BankCardList,
  BankCardOne,
  BankCardUpdate,
} from '../../core/contract/payees';
import { getSession } from '../../core/session/session';
import type { EventCallbacks } from '../_shared/events';
import { CountryPicker } from '../_shared/phone/country-picker';
import { usePhoneRules } from '../_shared/phone/phone-loader';
import { usePlatform } from '../_shared/platform-context';
import { DeleteEntry, SavedError, SavedList, useSavedScreen } from '../_shared/saved-list';
import { useAtomValue } from '../_shared/store-react';
import { ToastProvider, useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import {
  BANK_CARD_PATHS,
  EMPTY_FORM,
  FIELD_MAX,
  cardPayload,
  formFromCard,
  maskedAccount,
  showsBankInfo,
  validateCard,
} from './bank-cards.logic';
import type { BankCardsView, CardErrors, CardForm } from './bank-cards.logic';
import { BANK_CARDS_CSS as css } from './styles';

/** Props of <BankCards>: the attributes of <tk-bank-cards> and its output callbacks. */
export interface BankCardsProps extends EventCallbacks<'tk-navigate'> {
  /** The view to show (default the list). */
  view?: BankCardsView;
  /** The card of the edit view. */
  cardId?: string;
  theme?: 'light' | 'dark';
}

/** Where the sign-in prompt sends the user. */
export const LOGIN_PATH = `/login?to=${BANK_CARD_PATHS.list}`;

interface Screen {
  view: BankCardsView;
  cardId?: string | undefined;
}

/** A path of this widget → its screen (the fallback when no page routes `tk-navigate`). */
function screenOf(to: string): Screen | null {
  const url = new URL(to, 'http://widget.invalid');
  if (url.pathname === BANK_CARD_PATHS.list) return { view: 'list' };
  if (url.pathname === BANK_CARD_PATHS.add) return { view: 'add' };
  if (url.pathname === '/user/wallet/editBankCard')
    return { view: 'edit', cardId: url.searchParams.get('id') ?? '' };
  return null;
}

function CardList({ go }: { go: (to: string) => void }) {
  const t = useT();
  const platform = usePlatform();
  const load = useCallback(async () => {
    const result = await platform.api.call(BankCardList, {});
    return result.ok ? result.data.list : null;
  }, [platform]);

  return (
    <SavedList
      block="tk-cards"
      texts={{
        heading: t('bank_cards.bank_cards'),
        add: t('bank_cards.add_bank_card'),
        loadFailed: t('bank_cards.load_failed'),
        loading: t('bank_cards.loading'),
        empty: t('bank_cards.no_bank_cards'),
      }}
      load={load}
      onAdd={() => go(BANK_CARD_PATHS.add)}
    >
      {(card) => (
        <li key={card.id} className="tk-cards__item" part="item" data-card={card.id}>
          <span className="tk-cards__bank">{card.bankName}</span>
          <span
            className="tk-cards__account tk-num"
            aria-label={t('bank_cards.account_ending', { last4: card.accountLast4 })}
          >
            {maskedAccount(card.accountLast4)}
          </span>
          <button
            type="button"
            className="tk-button"
            aria-label={`${t('bank_cards.edit')} ${card.bankName} ${card.accountLast4}`}
            onClick={() => go(BANK_CARD_PATHS.edit(card.id))}
          >
            {t('bank_cards.edit')}
          </button>
        </li>
      )}
    </SavedList>
  );
}

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

/** The add and edit form; `cardId` set: edit (loads the card, offers delete). */
function CardEditor({ cardId, go }: { cardId?: string | undefined; go: (to: string) => void }) {
  const t = useT();
  const toast = useToast();
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const locale = useAtomValue(platform.atoms.language);
  const phone = usePhoneRules(true);
  const base = useId();
  const editing = cardId !== undefined;
  const [form, setForm] = useState<CardForm | null>(editing ? null : EMPTY_FORM);
  const [errors, setErrors] = useState<CardErrors>({});
  const [busy, setBusy] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  // Edit: the card, its personal fields decoded with this session's key.
  useEffect(() => {
    if (!editing || !phone) return;
    let live = true;
    void (async () => {
      const result = await platform.api.call(BankCardOne, { id: cardId });
      if (!live) return;
      if (!result.ok) return setLoadFailed(true);
      try {
        const codec = await loadCodec();
        const key = session.aesKey();
        const card = result.data.dto;
        const dec = (v: string) => (v === '' ? '' : codec.decodeField(v, key));
        const personal = {
          name: dec(card.name),
          account: dec(card.account),
          address: dec(card.address),
          idNumber: dec(card.idNumber),
          phoneNumber: dec(card.phoneNumber),
        };
        if (live) setForm(formFromCard(card, personal, phone.splitPhone(personal.phoneNumber)));
      } catch {
        if (live) setLoadFailed(true);
      }
    })();
    return () => {
      live = false;
    };
  }, [editing, cardId, platform, session, phone]);

  if (loadFailed) {
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

  const set = (field: keyof CardForm) => (value: string) => {
    setForm({ ...form, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };
  const digits =
    form.phoneNational.trim() && phone ? phone.phoneDigits(form.phoneNational, form.phoneCountry) : null;

  const submit = async () => {
    const found = validateCard(form, digits);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      let payload;
      try {
        const codec = await loadCodec();
        const key = session.aesKey();
        payload = cardPayload(form, digits, (plain) => codec.encodeField(plain, key));
      } catch {
        // Spec §5: an encoding failure shows the generic message.
        toast(t('error.generic'), 'error');
        return;
      }
      const result = editing
        ? await platform.api.call(BankCardUpdate, { id: cardId, ...payload })
        : await platform.api.call(BankCardInsert, payload);
      if (!result.ok) return;
      toast(t(editing ? 'msg.update_success' : 'msg.add_success'));
      go(BANK_CARD_PATHS.list);
    } finally {
      setBusy(false);
    }
  };

  const text = (field: Exclude<keyof CardForm, 'phoneCountry'>, label: string, required = false) => {
    const id = `${base}-${field}`;
    const error = errors[field];
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
          onChange={(e) => set(field)(e.target.value)}
        />
      </Field>
    );
  };
  const bankCodeId = `${base}-bankCode`;
  const phoneId = `${base}-phone`;

  return (
    <form
      className="tk-saved__form tk-cards__form"
      part="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="tk-saved__heading tk-cards__heading">
        {t(editing ? 'bank_cards.edit_bank_card' : 'bank_cards.add_bank_card')}
      </h2>
      {text('bankCountry', t('bank_cards.bank_country'))}
      {text('bankName', t('bank_cards.bank_name'), true)}
      <Field id={bankCodeId} label={t('bank_cards.bank_code')}>
        <select
          id={bankCodeId}
          className="tk-saved__input tk-cards__input"
          data-testid="card-bankCode"
          value={form.bankCode}
          onChange={(e) => set('bankCode')(e.target.value)}
        >
          <option value="">{t('bank_cards.bank_code_none')}</option>
          {[
            ...BANK_CODES,
            ...(form.bankCode && !(BANK_CODES as readonly string[]).includes(form.bankCode)
              ? [form.bankCode]
              : []),
          ].map((code) => (
            <option key={code} value={code}>
              {code.toUpperCase()}
            </option>
          ))}
        </select>
      </Field>
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
      <Field id={phoneId} label={t('bank_cards.phone')} error={errors.phoneNational}>
        <div className="tk-cards__phone">
          <CountryPicker
            phone={phone}
            locale={locale}
            text={(key) => t(`bank_cards.${key}`)}
            block="tk-cards"
            inputClass="tk-saved__input"
            testId="card"
            value={form.phoneCountry}
            onChange={(country) => setForm({ ...form, phoneCountry: country })}
          />
          <input
            id={phoneId}
            className="tk-saved__input tk-cards__input"
            data-testid="card-phone"
            type="tel"
            inputMode="tel"
            maxLength={FIELD_MAX.phoneNational}
            disabled={!form.phoneCountry}
            aria-invalid={errors.phoneNational ? true : undefined}
            aria-describedby={errors.phoneNational ? `${phoneId}-error` : undefined}
            value={form.phoneNational}
            onChange={(e) => set('phoneNational')(e.target.value)}
          />
        </div>
      </Field>
      {text('postCode', t('bank_cards.post_code'))}
      {text('address', t('bank_cards.payee_address'))}
      <div className="tk-saved__actions tk-cards__actions">
        <button
          type="submit"
          className="tk-button tk-saved__primary tk-cards__primary"
          part="submit"
          disabled={busy}
        >
          {t('bank_cards.save')}
        </button>
        {editing ? (
          <DeleteEntry
            block="tk-cards"
            title={t('bank_cards.delete_card_title')}
            texts={{ cancel: t('common.cancel'), delete: t('bank_cards.delete') }}
            testId="card-delete-confirm"
            disabled={busy}
            remove={async () => (await platform.api.call(BankCardDelete, { id: cardId })).ok}
            onDeleted={() => {
              toast(t('msg.delete_success'));
              go(BANK_CARD_PATHS.list);
            }}
          >
            <p>
              {t('bank_cards.delete_card_text', {
                bank: form.bankName,
                last4: form.account.replace(/[\s-]/g, '').slice(-4),
              })}
            </p>
          </DeleteEntry>
        ) : null}
      </div>
    </form>
  );
}

function BankCardsBody(props: BankCardsProps) {
  const t = useT();
  const { view = 'list', cardId } = props;
  const { screen, go, gate } = useSavedScreen<Screen>({
    fromProps: () => ({ view, cardId }),
    propsKey: JSON.stringify([view, cardId]),
    screenOf,
    onNavigate: props.onNavigate,
    texts: { login: t('bank_cards.login_prompt'), notOffered: t('bank_cards.not_offered') },
    loginPath: LOGIN_PATH,
  });
  if (gate) return gate;
  if (screen.view === 'list') return <CardList go={go} />;
  return (
    <CardEditor
      key={`${screen.view}:${screen.cardId ?? ''}`}
      cardId={screen.view === 'edit' ? (screen.cardId ?? '') : undefined}
      go={go}
    />
  );
}

/**
 * The bank cards of spec §2: the list (bank name and the account's last 4 digits), the add and edit forms
 * with the §5 required fields, and delete behind a confirm drawer. Personal fields are encoded with the
 * session key before they leave the page.
 */
export function BankCards(props: BankCardsProps) {
  return (
    <WidgetRoot name="bank-cards" css={css} theme={props.theme}>
      <ToastProvider>
        <div className="tk-saved tk-cards" part="base">
          <BankCardsBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
