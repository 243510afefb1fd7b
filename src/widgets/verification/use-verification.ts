import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  GetJuniorVerification,
  GetVerification,
  SubmitJuniorVerification,
  SubmitVerification,
  type KycLevel,
  type VerifiedStatus,
} from '../../core/contract/kyc';
import { getSession } from '../../core/session/session';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { useNoticeReload } from '../_shared/use-notice-reload';
import { useAtomValue } from '../_shared/store-react';
import { useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import {
  formFlagsOf,
  levelOffered,
  metaOf,
  type FormFlags,
  type KycImagePart,
  type SubmittedRecord,
  type VerificationForm,
} from './verification.logic';

/** The notification of a rejected verification (spec §8); its arrival reloads the record. */
export const KYC_REJECTED_NOTIFICATION = 629007;

/** The record as the widget shows it: both levels' answers in one shape. */
export interface ShownRecord extends SubmittedRecord {
  reason: string;
  images: Partial<Record<KycImagePart, string | null>>;
}

/** What the widget shows and the commands it offers. */
export interface VerificationModel {
  signedIn: boolean;
  offered: boolean;
  flags: FormFlags;
  /** null while loading; `failed` when the record could not be read. */
  record: ShownRecord | null | 'failed';
  busy: boolean;
  reload: () => void;
  submit: (form: VerificationForm) => Promise<boolean>;
  navigate: (to: string) => void;
}

type Answer = {
  realName: string;
  idCard: string;
  verifiedStatus: VerifiedStatus;
  reason: string;
  idType?: number;
  authEmail?: string;
  cardImgFront?: string | null;
  cardImgReverse?: string | null;
  cardImgAvatar?: string | null;
};

function shown(answer: Answer): ShownRecord {
  return {
    realName: answer.realName,
    idCard: answer.idCard,
    verifiedStatus: answer.verifiedStatus,
    reason: answer.reason,
    ...(answer.idType !== undefined ? { idType: answer.idType } : {}),
    ...(answer.authEmail !== undefined ? { authEmail: answer.authEmail } : {}),
    images: {
      cardImgFront: answer.cardImgFront ?? null,
      cardImgReverse: answer.cardImgReverse ?? null,
      cardImgAvatar: answer.cardImgAvatar ?? null,
    },
  };
}

/** The level's record, read when signed in, and its submission (spec §7 `user/auth*`, `user/first/auth*`). */
export function useVerification(level: KycLevel, props: EventCallbacks<'tk-navigate'>): VerificationModel {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const toast = useToast();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const system = useAtomValue(platform.atoms.systemConfig);
  const language = useAtomValue(platform.atoms.language);
  const signedIn = state.status === 'signedIn';
  const configs = system?.systemConfigs;
  const offered = levelOffered(configs, level);
  const flags = useMemo(() => formFlagsOf(configs), [configs]);
  const [record, setRecord] = useState<ShownRecord | null | 'failed'>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!signedIn || !offered) return;
    let live = true;
    void (async () => {
      const answer =
        level === 'advanced'
          ? await platform.api.call(GetVerification, {}, { silent: true })
          : await platform.api.call(GetJuniorVerification, {}, { silent: true });
      if (live) setRecord(answer.ok ? shown(answer.data) : 'failed');
    })();
    return () => {
      live = false;
    };
  }, [platform, level, signedIn, offered, attempt, state.uid]);

  useNoticeReload(signedIn && offered, KYC_REJECTED_NOTIFICATION, reload);

  const submit = async (form: VerificationForm): Promise<boolean> => {
    setBusy(true);
    const answer =
      level === 'advanced'
        ? await platform.api.call(
            SubmitVerification,
            { ...form.images, metaData: JSON.stringify(metaOf(form, flags, language)) },
            { silent: true },
          )
        : await platform.api.call(
            SubmitJuniorVerification,
            { realName: form.realName.trim(), idCard: form.idCard.trim(), locale: language },
            { silent: true },
          );
    setBusy(false);
    // The catalogue's text of the code (1014, 1110, …), never a raw error.
    if (!answer.ok) {
      toast(answer.message, 'error');
      return false;
    }
    setRecord(shown(answer.data));
    toast(t('msg.submit_success_please_wait'));
    return true;
  };

  return {
    signedIn,
    offered,
    flags,
    record,
    busy,
    reload,
    submit,
    navigate: (to) => emit('tk-navigate', { to }),
  };
}
