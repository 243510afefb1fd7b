import { useEffect, useMemo, useState } from 'react';
import { loadCodec } from '../../core/codec/load';
import { BankCardDelete, BankCardInsert, BankCardOne, BankCardUpdate } from '../../core/contract/payees';
import { getSession } from '../../core/session/session';
import { usePhoneRules, type PhoneRules } from '../_shared/phone/phone-loader';
import { usePlatform } from '../_shared/platform-context';
import { useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { BANK_CARD_PATHS, EMPTY_FORM, cardPayload, formFromCard, validateCard } from './bank-cards.logic';
import type { CardErrors, CardForm } from './bank-cards.logic';

/** The add or edit form's state and commands. */
export interface CardEditorState {
  editing: boolean;
  /** The form; null while the card of the edit view is loading. */
  form: CardForm | null;
  errors: CardErrors;
  busy: boolean;
  loadFailed: boolean;
  phone: PhoneRules | null;
  /** The setter of one field (clears that field's message). */
  set: (field: keyof CardForm) => (value: string) => void;
  setCountry: (country: string | null) => void;
  submit: () => Promise<void>;
  /** Deletes the edited card; true when it is gone. */
  remove: () => Promise<boolean>;
}

/** The add and edit form of a bank card; `cardId` set: edit (loads the card, offers delete). */
export function useCardEditor(cardId: string | undefined, go: (to: string) => void): CardEditorState {
  const t = useT();
  const toast = useToast();
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const phone = usePhoneRules(true);
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

  const set = (field: keyof CardForm) => (value: string) => {
    if (!form) return;
    setForm({ ...form, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };
  const setCountry = (country: string | null) => {
    if (form) setForm({ ...form, phoneCountry: country });
  };

  const submit = async () => {
    if (!form) return;
    const digits =
      form.phoneNational.trim() && phone ? phone.phoneDigits(form.phoneNational, form.phoneCountry) : null;
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

  const remove = async () => (await platform.api.call(BankCardDelete, { id: cardId ?? '' })).ok;
  return { editing, form, errors, busy, loadFailed, phone, set, setCountry, submit, remove };
}
