/**
 * Loans with a guarantor and their repayments (spec §2 Loan, §3 Loan and Repayment, §4 loan and repayment
 * statuses, §5 loan rules, §7 `userLoan/*`, §8 1149–1151 and 629021, §9 limits and presets): the user's status
 * check, application, repayment list and repayment, and the operators' two queues (`/admin/v1/loans`,
 * `/admin/v1/loan-repayments`). Registered by `server/src/loans`; `<tk-loan>` and the back office call it.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { Dec, DecOut, EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

/** Spec §5 and §9: the amount slider (USD). */
export const LOAN_AMOUNT_MIN = 50_000;
export const LOAN_AMOUNT_MAX = 1_000_000;
export const LOAN_AMOUNT_STEP = 10_000;
export const LOAN_AMOUNT_PRESETS = [50_000, 500_000, 1_000_000] as const;
/** Spec §5 and §9: the term slider (days). */
export const LOAN_DAYS_MIN = 7;
export const LOAN_DAYS_MAX = 30;
export const LOAN_DAYS_PRESETS = [7, 15, 30] as const;
/** Spec §5 and §9: a repayment is a positive multiple of this (USD), at most the amount owed. */
export const REPAYMENT_STEP = 100;
/** Longest remark of an application and reason of an operator's rejection. */
export const LOAN_REMARK_MAX = 500;
export const LOAN_REASON_MAX = 500;
/** Items per page of the operators' queues. */
export const LOAN_QUEUE_PAGE_SIZE = 50;

/**
 * Loan statuses (spec §4, decisions LN1). `none` (100) is the client's word for "no loan" (the status check
 * answers `dto: null`); -1 is only the client's loading state.
 */
export const LoanStatus = {
  /** The application waits for an operator (1149); the submit button shows "waiting". */
  waiting: 0,
  /** Approved and paid out, before its repayment date (1150); repayable. */
  active: 1,
  /** Rejected by an operator (629021 with the reason); a new application may be made. */
  rejected: 2,
  /** Repaid in full; a new application may be made. */
  repaid: 3,
  /** Unpaid past its repayment date (1151); repayable, shown with its own text. */
  overdue: 4,
  none: 100,
} as const;
export type LoanStatus = (typeof LoanStatus)[keyof typeof LoanStatus];

/** Repayment statuses (spec §4). */
export const RepaymentStatus = { waiting: 0, approved: 1, rejected: 2 } as const;
export type RepaymentStatus = (typeof RepaymentStatus)[keyof typeof RepaymentStatus];

const TAG = 'loans';
const ADMIN_TAG = 'admin';
const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
/** A database id as the API writes it (a bigint in decimal); numbers are accepted too. */
const IdIn = () => T.Union([Int(1, Number.MAX_SAFE_INTEGER), Str(18, { pattern: '^[1-9][0-9]{0,17}$' })]);
/** A USD amount: the slider sends a number, other clients a decimal string. */
const AmountIn = () => T.Union([Int(0, 1_000_000_000_000), Dec()]);
const IdParam = () => Str(18, { pattern: '^[1-9][0-9]{0,17}$' });

/** Spec §3 Loan, as its owner sees it. */
export const Loan = Obj({
  id: T.String(),
  uid: T.String(),
  amount: DecOut(),
  days: T.Integer(),
  guarantor: T.String({ description: "The guarantor's UID" }),
  repaymentDate: Nullable(EpochMs('Due date (ms); null until the loan is approved')),
  status: OneOf([0, 1, 2, 3, 4] as const, '0 waiting, 1 active, 2 rejected, 3 repaid, 4 overdue'),
  remark: T.String({ description: "The application's remark; the operator's reason once rejected" }),
  amountOwed: DecOut('What is still to be repaid (0 before approval)'),
});
export type Loan = Static<typeof Loan>;

/** Spec §3 Repayment. */
export const Repayment = Obj({
  id: T.String(),
  createTime: EpochMs(),
  amount: DecOut(),
  amountOwed: DecOut('What the loan owes once this repayment is approved'),
  status: OneOf([0, 1, 2] as const, '0 waiting, 1 approved, 2 rejected'),
  remark: T.String({ description: "The operator's reason of a rejection" }),
});
export type Repayment = Static<typeof Repayment>;

const OFF_CODES = [Code.ILLEGAL_STATUS, ...SESSION_CODES] as const;

export const CheckUserLoan = endpoint({
  service: 'api',
  path: 'waa/userLoan/checkUserLoan',
  access: 'protected',
  tag: TAG,
  summary:
    "The user's latest loan (any status), or dto null when there never was one (the client's status 100). " +
    '23523 on the demo account or when the brand offers no loans',
  input: Obj({}),
  data: Obj({ dto: Nullable(Loan) }),
  codes: OFF_CODES,
});

export const InsertLoan = endpoint({
  service: 'api',
  path: 'waa/userLoan/insert',
  access: 'protected',
  tag: TAG,
  idempotent: true,
  summary:
    'Apply for a loan: amount 50,000–1,000,000 step 10,000 (1036 otherwise), days 7–30, the UID of a ' +
    'guarantor who is another user of the brand (1002 unknown or oneself, 1044 blocked or frozen). One at a ' +
    'time: 1149 while an application waits, 1150 while a loan runs, 1151 while one is overdue',
  input: Obj({
    amount: AmountIn(),
    days: Int(LOAN_DAYS_MIN, LOAN_DAYS_MAX),
    guarantor: T.Union([
      Str(20, { minLength: 1, pattern: '^[0-9]{1,20}$' }),
      Int(1, Number.MAX_SAFE_INTEGER),
    ]),
    remark: T.Optional(Str(LOAN_REMARK_MAX)),
  }),
  data: Obj({ dto: Loan }),
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.NOT_CORRECT_AMOUNT,
    Code.INCORRECT_DECIMALS,
    Code.USER_BLOCKED,
    Code.LOAN_APPLICATION_IN_PROGRESS,
    Code.LOAN_IN_PROGRESS,
    Code.LOAN_OVERDUE,
    ...OFF_CODES,
  ],
});

const LoanRef = () => ({ loanId: IdIn(), loanUid: T.Optional(Str(40)) });

export const GetRepayment = endpoint({
  service: 'api',
  path: 'waa/userLoan/getRepayment',
  access: 'protected',
  tag: TAG,
  summary:
    "A loan's repayments, newest first; 1008 for a loan that is not the caller's (answered like a missing one)",
  input: Obj(LoanRef()),
  data: Obj({ dtoList: T.Array(Repayment) }),
  codes: [Code.INCORRECT_PARAMETER, Code.DATA_NOT_FOUND, ...OFF_CODES],
});

export const InsertRepayment = endpoint({
  service: 'api',
  path: 'waa/userLoan/insertRepayment',
  access: 'protected',
  tag: TAG,
  idempotent: true,
  summary:
    'Repay part of an active or overdue loan: a positive multiple of 100, at most the amount owed (1036), ' +
    'at most 2 decimals (1065), from the real balance (1052), held until an operator decides it. 23552 while ' +
    "the loan's latest repayment waits, 1057 when the loan is not active or overdue, 1008 when not the caller's",
  input: Obj({ ...LoanRef(), amount: AmountIn() }),
  data: Obj({ dto: Repayment }),
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.DATA_NOT_FOUND,
    Code.NOT_CORRECT_AMOUNT,
    Code.INCORRECT_DECIMALS,
    Code.INSUFFICIENT_BALANCE,
    Code.INVALID_OPERATION_STATUS,
    Code.ORDER_PROCESSING,
    ...OFF_CODES,
  ],
});

/** A loan in the operators' queue. */
export const AdminLoan = Obj({
  id: T.String(),
  uid: T.String(),
  userUid: T.String(),
  guarantorUid: T.String(),
  amount: DecOut(),
  days: T.Integer(),
  amountOwed: DecOut(),
  state: OneOf(['waiting', 'active', 'rejected', 'repaid', 'overdue'] as const),
  remark: T.String(),
  reason: T.String(),
  createdAt: EpochMs(),
  repaymentDate: Nullable(EpochMs()),
  reviewedAt: Nullable(EpochMs()),
  reviewedBy: Nullable(T.String()),
});
export type AdminLoan = Static<typeof AdminLoan>;

/** A repayment in the operators' queue. */
export const AdminRepayment = Obj({
  id: T.String(),
  uid: T.String(),
  loanId: T.String(),
  loanUid: T.String(),
  userUid: T.String(),
  amount: DecOut(),
  amountOwed: DecOut('What the loan owes once this repayment is approved'),
  loanAmount: DecOut(),
  state: OneOf(['waiting', 'approved', 'rejected'] as const),
  reason: T.String(),
  createdAt: EpochMs(),
  reviewedAt: Nullable(EpochMs()),
  reviewedBy: Nullable(T.String()),
});
export type AdminRepayment = Static<typeof AdminRepayment>;

const ADMIN_CODES = [Code.INCORRECT_PARAMETER, Code.TICKET_NOT_FOUND, Code.STATE_IS_NOT_CORRECT];
const Paging = () => ({
  page: T.Optional(Int(1, 1_000_000, { default: 1 })),
  limit: T.Optional(Int(1, 200, { default: LOAN_QUEUE_PAGE_SIZE })),
});
const Reason = () => Str(LOAN_REASON_MAX, { minLength: 1 });

export const AdminLoanList = endpoint({
  service: 'admin',
  path: 'loans',
  access: 'admin',
  methods: ['GET'],
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary: 'Loans by state (default waiting), oldest first, with the user, guarantor, amount and term',
  input: Obj({
    status: T.Optional(OneOf(['waiting', 'active', 'rejected', 'repaid', 'overdue'] as const)),
    ...Paging(),
  }),
  data: Obj({ list: T.Array(AdminLoan), total: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER],
});

export const AdminLoanApprove = endpoint({
  service: 'admin',
  path: 'loans/{id}/approve',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary:
    'Approve a waiting loan: the amount is paid to the real balance from the loan house account, due after ' +
    'its term. 1038 when already decided, 1039 when unknown',
  input: Obj({ id: IdParam() }),
  data: Obj({ loan: AdminLoan }),
  codes: ADMIN_CODES,
});

export const AdminLoanReject = endpoint({
  service: 'admin',
  path: 'loans/{id}/reject',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary:
    'Reject a waiting loan with a reason: the user gets a 629021 notification with it. 1038 when already ' +
    'decided, 1039 when unknown',
  input: Obj({ id: IdParam(), reason: Reason() }),
  data: Obj({ loan: AdminLoan }),
  codes: ADMIN_CODES,
});

export const AdminRepaymentList = endpoint({
  service: 'admin',
  path: 'loan-repayments',
  access: 'admin',
  methods: ['GET'],
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary: 'Loan repayments by state (default waiting), oldest first, with the loan and what it still owes',
  input: Obj({ status: T.Optional(OneOf(['waiting', 'approved', 'rejected'] as const)), ...Paging() }),
  data: Obj({ list: T.Array(AdminRepayment), total: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER],
});

export const AdminRepaymentApprove = endpoint({
  service: 'admin',
  path: 'loan-repayments/{id}/approve',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary:
    'Approve a waiting repayment: the held amount reduces what the loan owes (repaid at 0). 1038 when ' +
    'already decided, 1039 when unknown',
  input: Obj({ id: IdParam() }),
  data: Obj({ repayment: AdminRepayment }),
  codes: ADMIN_CODES,
});

export const AdminRepaymentReject = endpoint({
  service: 'admin',
  path: 'loan-repayments/{id}/reject',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary:
    'Reject a waiting repayment with a reason: the held amount returns to the real balance and the loan ' +
    'shows the rejection in its repayment list. 1038 when already decided, 1039 when unknown',
  input: Obj({ id: IdParam(), reason: Reason() }),
  data: Obj({ repayment: AdminRepayment }),
  codes: ADMIN_CODES,
});
