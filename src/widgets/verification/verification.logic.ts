/**
 * The rules of the verification form (spec §4 statuses, §5 fields, §9 lengths) as pure functions, so the
 * widget and its tests share them: which level a brand offers, what the form must hold before it is sent, and
 * what `user/auth/submit` receives.
 */
import type { SystemConfigEntry } from '../../core/contract/brand';
import {
  EDITABLE_STATUSES,
  ID_TYPES,
  KYC_IMAGE_PARTS,
  KYC_TEXT_MAX,
  type IdType,
  type KycImagePart,
  type KycLevel,
  type KycMeta,
  type VerifiedStatus,
} from '../../core/contract/kyc';

export { KYC_IMAGE_PARTS, ID_TYPES, KYC_TEXT_MAX };
export type { IdType, KycImagePart, KycLevel, VerifiedStatus };

/** The page of each level (spec §2 route table). */
export const VERIFICATION_PATHS: Readonly<Record<KycLevel, string>> = {
  advanced: '/user/verified',
  junior: '/user/juniorVerified',
};

/** The brand switch that offers each level (spec §1, derived from the brand's verification style). */
export const LEVEL_FLAGS: Readonly<Record<KycLevel, string>> = {
  advanced: 'showVerified',
  junior: 'user/juniorVerified',
};

const on = (configs: readonly SystemConfigEntry[] | undefined, name: string) =>
  configs?.some((c) => c.name === name && c.enable) ?? false;

/** Whether the brand offers `level`. */
export function levelOffered(configs: readonly SystemConfigEntry[] | undefined, level: KycLevel): boolean {
  return on(configs, LEVEL_FLAGS[level]);
}

/** The brand's form switches (spec §5): the document type only with twoTypeVerified, the email with addVerifiedEmail. */
export interface FormFlags {
  twoTypes: boolean;
  authEmail: boolean;
}

export function formFlagsOf(configs: readonly SystemConfigEntry[] | undefined): FormFlags {
  return { twoTypes: on(configs, 'twoTypeVerified'), authEmail: on(configs, 'addVerifiedEmail') };
}

/** What the trader typed and picked. */
export interface VerificationForm {
  realName: string;
  idCard: string;
  idType: IdType;
  authEmail: string;
  /** Newly picked (already prepared) images; a part without one keeps the submitted image. */
  images: Partial<Record<KycImagePart, File>>;
}

/** The submitted record the form starts from. */
export interface SubmittedRecord {
  realName: string;
  idCard: string;
  idType?: number;
  authEmail?: string;
  verifiedStatus: VerifiedStatus;
  images?: Partial<Record<KycImagePart, string | null>>;
}

/** The form filled with the submitted data (what a waiting or failed verification shows to correct). */
export function initialForm(record: SubmittedRecord | null): VerificationForm {
  const idType = (ID_TYPES as readonly number[]).includes(record?.idType ?? 0) ? record?.idType : 0;
  return {
    realName: record?.realName ?? '',
    idCard: record?.idCard ?? '',
    idType: (idType ?? 0) as IdType,
    authEmail: record?.authEmail ?? '',
    images: {},
  };
}

/** The form's fields that can be wrong. */
export type FormField = 'realName' | 'idCard' | 'authEmail' | KycImagePart;
/** i18n key of each field's problem. */
export type FormProblems = Partial<Record<FormField, string>>;

/** The message of a missing image (spec §5 p_u_id_card_front / _reverse / _avatar). */
const IMAGE_MISSING: Readonly<Record<KycImagePart, string>> = {
  cardImgFront: 'verification.p_u_id_card_front',
  cardImgReverse: 'verification.p_u_id_card_reverse',
  cardImgAvatar: 'verification.p_u_id_card_avatar',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The problems of the form (empty when it may be sent): name and number required (trimmed, at most 140);
 * advanced: the email where the brand asks for it, and each image unless one was already submitted (the
 * server keeps the last one; at status 0 there is none, so all three are required).
 */
export function formProblems(
  form: VerificationForm,
  level: KycLevel,
  flags: FormFlags,
  submitted: Partial<Record<KycImagePart, string | null>> = {},
): FormProblems {
  const problems: FormProblems = {};
  if (!form.realName.trim()) problems.realName = 'verification.p_t_real_name';
  if (!form.idCard.trim()) problems.idCard = 'verification.p_t_id_card';
  if (level === 'junior') return problems;
  if (flags.authEmail && !EMAIL.test(form.authEmail.trim())) problems.authEmail = 'form.wrong_email';
  for (const part of KYC_IMAGE_PARTS)
    if (!form.images[part] && !submitted[part]) problems[part] = IMAGE_MISSING[part];
  return problems;
}

/** `metaData` of an advanced submission: the id type and email only where the brand has them. */
export function metaOf(form: VerificationForm, flags: FormFlags, locale: string): KycMeta {
  return {
    realName: form.realName.trim(),
    idCard: form.idCard.trim(),
    ...(flags.twoTypes ? { idType: form.idType } : {}),
    ...(flags.authEmail ? { authEmail: form.authEmail.trim() } : {}),
    locale,
  };
}

/** Whether the trader may (re)submit in this status (spec §4: 0, 1 and 3). */
export function isEditable(status: VerifiedStatus): boolean {
  return EDITABLE_STATUSES.includes(status);
}

/** An id number shown back: its last 4 characters, the rest hidden (a screen may be seen by others). */
export function maskedId(id: string): string {
  const text = id.trim();
  return text.length <= 4 ? text : `${'•'.repeat(Math.min(text.length - 4, 8))}${text.slice(-4)}`;
}
