/**
 * Identity verification (KYC, issue #20; spec §1, §3 Verification record, §4 verifiedStatus, §5 fields, §7
 * `user/auth`, `user/auth/submit`, `user/first/auth`, `user/first/auth/submit`, §8 1014 and 1156, §9 images)
 * and the compliance operators' review of it on the admin API. Registered by `server/src/kyc`, called by
 * `<tk-verification>` and the back office. What each level unlocks is the brand's policy (`kycPolicyOf`).
 */
import { Code } from './codes';
import { endpoint, resource } from './endpoint';
import { EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';
import { IMAGE_MAX_BYTES } from './uploads';

/** Longest real name, id number and auth email (spec §9). */
export const KYC_TEXT_MAX = 140;
/** Largest image of a submission, in bytes (spec §9: 10 MB; the client compresses to about 0.3 MB). */
export const KYC_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;
/** Longest `metaData` JSON text of an advanced submission. */
export const KYC_META_MAX = 2048;
/** Longest rejection reason an operator may give (the user reads it in notification 629007). */
export const KYC_REASON_MAX = 500;
/** Review queue page size (default) and largest page. */
export const KYC_QUEUE_PAGE_SIZE = 20;
export const KYC_QUEUE_MAX_LIMIT = 100;

/** The two levels: junior (name and id number), advanced (also the document's images). */
export const KYC_LEVELS = ['junior', 'advanced'] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];

/** verifiedStatus (spec §4): 0 unauthenticated, 1 authenticating, 2 authenticated, 3 failed. */
export const VerifiedStatus = { none: 0, waiting: 1, verified: 2, failed: 3 } as const;
export type VerifiedStatus = (typeof VerifiedStatus)[keyof typeof VerifiedStatus];
/** A level may be (re)submitted only in these statuses; another answers 1014. */
export const EDITABLE_STATUSES: readonly VerifiedStatus[] = [0, 1, 3];

/** idType (spec §3): 0 ID card, 1 passport, 2 driving licence; chosen only on `twoTypeVerified` brands. */
export const ID_TYPES = [0, 1, 2] as const;
export type IdType = (typeof ID_TYPES)[number];

/** The image parts of `user/auth/submit`, in the form's order: front, back, selfie holding the document. */
export const KYC_IMAGE_PARTS = ['cardImgFront', 'cardImgReverse', 'cardImgAvatar'] as const;
export type KycImagePart = (typeof KYC_IMAGE_PARTS)[number];
/** The same images as the admin API names them. */
export const KYC_IMAGE_SIDES = ['front', 'reverse', 'selfie'] as const;
export type KycImageSide = (typeof KYC_IMAGE_SIDES)[number];

/**
 * `metaData` of an advanced submission (JSON text): `{ realName, idCard, authEmail, idType, locale }`;
 * `idType` only where the brand has `twoTypeVerified`, `authEmail` only (and then required) with
 * `addVerifiedEmail`.
 */
export interface KycMeta {
  realName: string;
  idCard: string;
  authEmail?: string;
  idType?: IdType;
  locale?: string;
}

// ---------------------------------------------------------------------------------------------------------
// What each level unlocks (decisions KY2–KY4).

/** What a brand may gate behind a level (or a bound email). */
export const KYC_ACTIONS = ['trading', 'deposit', 'withdrawal'] as const;
export type KycAction = (typeof KYC_ACTIONS)[number];
/** The level an action needs: none, or at least junior / advanced. */
export type KycRequirement = 'none' | KycLevel;

/** A brand's choice (`settings.kyc`); every field is optional and falls back on {@link DEFAULT_KYC_POLICY}. */
export interface KycPolicy {
  /** Real orders and options (the demo account is never gated). */
  trading?: KycRequirement;
  deposit?: KycRequirement;
  withdrawal?: KycRequirement;
  /** Actions a phone-registered user may take only with a bound email (1156); default withdrawal. */
  bindEmailFirst?: readonly KycAction[];
}

/** A careful broker: money in and trading before verification, money out only to a verified person (KY2). */
export const CAREFUL_KYC_POLICY: Required<KycPolicy> = {
  trading: 'none',
  deposit: 'none',
  withdrawal: 'advanced',
  bindEmailFirst: ['withdrawal'],
};

/**
 * What a brand without `settings.kyc` asks: the careful policy, now that the trader's verification screens
 * ship in the host (KC1, superseding KY9). A brand that wants less sets its own policy.
 */
export const DEFAULT_KYC_POLICY: Required<KycPolicy> = CAREFUL_KYC_POLICY;

/** How the brand verifies (spec §1 "verification style"). */
export type VerifyStyle = 'junior' | 'advanced' | 'both';

/** The levels a brand offers, lowest first. */
export function levelsOf(style: VerifyStyle): KycLevel[] {
  return style === 'both' ? ['junior', 'advanced'] : [style];
}

/** 0 none, 1 junior, 2 advanced. */
export const levelRank = (level: KycRequirement): number =>
  level === 'none' ? 0 : level === 'junior' ? 1 : 2;

/**
 * The level an action needs on a brand: the brand's requirement, moved to a level the brand offers (the
 * lowest offered one at or above it, else its highest), so a rule never asks for a level nobody can reach.
 */
export function requiredLevel(
  settings: { verifyStyle: VerifyStyle; kyc?: KycPolicy },
  action: KycAction,
): KycRequirement {
  const wanted = settings.kyc?.[action] ?? DEFAULT_KYC_POLICY[action];
  if (wanted === 'none') return 'none';
  const offered = levelsOf(settings.verifyStyle);
  return offered.find((level) => levelRank(level) >= levelRank(wanted)) ?? (offered.at(-1) as KycLevel);
}

/** Whether the brand requires a bound email for `action` (phone registrations only; needs `user/bindEmail`). */
export function bindEmailFirst(settings: { kyc?: KycPolicy }, action: KycAction): boolean {
  return (settings.kyc?.bindEmailFirst ?? DEFAULT_KYC_POLICY.bindEmailFirst).includes(action);
}

// ---------------------------------------------------------------------------------------------------------
// The user's calls (spec §7).

const TAG = 'kyc';
const File = () => T.Unsafe<Blob>({ type: 'string', format: 'binary' });
const Text = () => Str(KYC_TEXT_MAX, { minLength: 1 });
const StatusOut = () =>
  OneOf([0, 1, 2, 3] as const, '0 unauthenticated, 1 authenticating, 2 authenticated, 3 failed');

/** The advanced verification record (spec §3); images are paths the owner fetches with the bearer token. */
export const VerificationRecord = Obj({
  realName: T.String(),
  idCard: T.String(),
  authEmail: T.String(),
  idType: OneOf(ID_TYPES),
  verifiedStatus: StatusOut(),
  cardImgFront: Nullable(T.String()),
  cardImgReverse: Nullable(T.String()),
  cardImgAvatar: Nullable(T.String()),
  /** The operator's reason of a failed (3) verification; empty otherwise. */
  reason: T.String(),
});
export type VerificationRecord = Static<typeof VerificationRecord>;

/** The junior record: name and id number only. */
export const JuniorVerificationRecord = Obj({
  realName: T.String(),
  idCard: T.String(),
  verifiedStatus: StatusOut(),
  reason: T.String(),
});
export type JuniorVerificationRecord = Static<typeof JuniorVerificationRecord>;

export const GetVerification = endpoint({
  service: 'api',
  path: 'waa/user/auth',
  access: 'protected',
  methods: ['GET'],
  tag: TAG,
  summary: "The caller's advanced verification (status 0 with empty fields before a submission)",
  input: Obj({}),
  data: VerificationRecord,
  codes: [],
});

export const SubmitVerification = endpoint({
  service: 'api',
  path: 'waa/user/auth/submit',
  access: 'protected',
  tag: TAG,
  contentType: 'multipart/form-data',
  summary:
    'Submit the advanced verification (multipart: images `cardImgFront`, `cardImgReverse`, `cardImgAvatar` up to 10 MB each, required at status 0; field `metaData` JSON)',
  input: Obj({
    cardImgFront: T.Optional(File()),
    cardImgReverse: T.Optional(File()),
    cardImgAvatar: T.Optional(File()),
    /** JSON text, see `KycMeta`. */
    metaData: Str(KYC_META_MAX),
  }),
  data: VerificationRecord,
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.UPLOAD_EMPTY,
    Code.WRONG_REAL_NAME_STATUS,
    Code.PARAMETER_ILLEGAL_CHARS,
    Code.TOO_FREQUENT,
    Code.ILLEGAL_STATUS,
  ],
});

export const GetJuniorVerification = endpoint({
  service: 'api',
  path: 'waa/user/first/auth',
  access: 'protected',
  // GET as `user/auth` (spec §7 notes GET there); POST too, the spec's default for a call it does not note (KC6).
  methods: ['GET', 'POST'],
  tag: TAG,
  summary: "The caller's junior verification (authenticated as well once the advanced one is)",
  input: Obj({}),
  data: JuniorVerificationRecord,
  codes: [],
});

export const SubmitJuniorVerification = endpoint({
  service: 'api',
  path: 'waa/user/first/auth/submit',
  access: 'protected',
  tag: TAG,
  summary: 'Submit the junior verification: real name and id number, no images',
  input: Obj({ realName: Text(), idCard: Text(), locale: T.Optional(Str(16)) }),
  data: JuniorVerificationRecord,
  codes: [Code.INCORRECT_PARAMETER, Code.WRONG_REAL_NAME_STATUS, Code.TOO_FREQUENT, Code.ILLEGAL_STATUS],
});

export const VerificationImage = resource({
  service: 'api',
  path: 'waa/user/auth/image/{file}',
  access: 'protected',
  tag: TAG,
  summary: "An image of the caller's own verification (another user's reads as 1008, like a missing one)",
  input: Obj({ file: Str(64) }),
  produces: ['image/jpeg', 'image/png', 'image/heic'],
});

// ---------------------------------------------------------------------------------------------------------
// The operators' review (admin API, compliance).

/** A submission's state in the review: superseded = replaced by the user's resubmission before a decision. */
export const KYC_REVIEW_STATES = ['waiting', 'approved', 'rejected', 'superseded'] as const;
export type KycReviewState = (typeof KYC_REVIEW_STATES)[number];

const SubmissionId = () => Str(18, { pattern: '^[1-9][0-9]{0,17}$' });

/** A submission as compliance operators see it; images are admin paths (each opening is audited). */
export const AdminKyc = Obj({
  id: T.String(),
  userUid: T.String(),
  brandId: T.String(),
  level: OneOf(KYC_LEVELS),
  state: OneOf(KYC_REVIEW_STATES),
  realName: T.String(),
  idCard: T.String(),
  idType: Nullable(T.Integer()),
  authEmail: Nullable(T.String()),
  images: Obj({
    front: Nullable(T.String()),
    reverse: Nullable(T.String()),
    selfie: Nullable(T.String()),
  }),
  reason: T.String(),
  createdAt: EpochMs(),
  reviewedAt: Nullable(EpochMs()),
  reviewedBy: Nullable(T.String()),
});
export type AdminKyc = Static<typeof AdminKyc>;

export const AdminKycList = endpoint({
  service: 'admin',
  path: 'kyc',
  access: 'admin',
  roles: ['compliance'],
  methods: ['GET'],
  tag: 'admin',
  summary: 'Verification submissions by state (default waiting, oldest first); the read is audited',
  input: Obj({
    status: T.Optional(OneOf(KYC_REVIEW_STATES)),
    page: T.Optional(Int(1, 1_000_000, { default: 1 })),
    limit: T.Optional(Int(1, KYC_QUEUE_MAX_LIMIT, { default: KYC_QUEUE_PAGE_SIZE })),
  }),
  data: Obj({
    list: T.Array(AdminKyc),
    page: T.Integer({ minimum: 1 }),
    pages: T.Integer({ minimum: 0 }),
    total: T.Integer({ minimum: 0 }),
  }),
  codes: [Code.INCORRECT_PARAMETER],
});

export const AdminKycImage = resource({
  service: 'admin',
  path: 'kyc/{id}/image/{side}',
  access: 'admin',
  roles: ['compliance'],
  tag: 'admin',
  summary: 'An image of a submission (1008 as JSON when the submission or the image is missing); audited',
  input: Obj({ id: SubmissionId(), side: OneOf(KYC_IMAGE_SIDES) }),
  produces: ['image/jpeg', 'image/png', 'image/heic'],
});

export const AdminApproveKyc = endpoint({
  service: 'admin',
  path: 'kyc/{id}/approve',
  access: 'admin',
  roles: ['compliance'],
  tag: 'admin',
  summary:
    "Approve a waiting submission: the user's level rises (and their real name and id number are kept)",
  input: Obj({ id: SubmissionId() }),
  data: AdminKyc,
  codes: [Code.INCORRECT_PARAMETER, Code.DATA_NOT_FOUND, Code.WRONG_REAL_NAME_STATUS],
});

export const AdminRejectKyc = endpoint({
  service: 'admin',
  path: 'kyc/{id}/reject',
  access: 'admin',
  roles: ['compliance'],
  tag: 'admin',
  summary: 'Reject a waiting submission with a reason; the user gets notification 629007 with it',
  input: Obj({ id: SubmissionId(), reason: Str(KYC_REASON_MAX, { minLength: 1 }) }),
  data: AdminKyc,
  codes: [Code.INCORRECT_PARAMETER, Code.DATA_NOT_FOUND, Code.WRONG_REAL_NAME_STATUS],
});

/** A user's identity level as the back office's side panel shows it. */
export const AdminKycLevel = endpoint({
  service: 'admin',
  path: 'kyc/users/{uid}',
  access: 'admin',
  roles: ['finance', 'compliance', 'support'],
  methods: ['GET'],
  tag: 'admin',
  summary: "A user's identity level and the status of each level (no personal data); audited",
  input: Obj({ uid: Str(8, { pattern: '^[1-9][0-9]{7}$' }) }),
  data: Obj({
    level: OneOf(['none', ...KYC_LEVELS] as const),
    junior: StatusOut(),
    advanced: StatusOut(),
  }),
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND],
});
