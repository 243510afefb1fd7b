/**
 * The invite programme (spec §1 "invite programme with invite code", §2 the user menu's invite row): who
 * signed up with the caller's invite code, and when. Registered by `server/src/users`, read by the invite
 * view of `<tk-account>`. An invitee is shown by a masked public uid only: no name, e-mail or phone of
 * somebody else ever leaves the server.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { EpochMs, Int, Obj, T, type Static } from './schema';

/** Invitees per page (the lists' 10 of spec §9). */
export const INVITEE_PAGE_SIZE = 10;
/** Most invitees one call may ask for. */
export const INVITEE_MAX_LIMIT = 50;

/** One user who registered with the caller's invite code. */
export const Invitee = Obj({
  /** Row key of the list (the invitee's masked uid is not unique). */
  id: T.String(),
  /** The invitee's public uid with its middle digits masked, e.g. `12****78`. */
  maskedUid: T.String(),
  /** When the invitee registered. */
  registeredAt: EpochMs(),
});
export type Invitee = Static<typeof Invitee>;

/** A page of invitees, newest first, with the total count. */
export const InviteePage = Obj({
  list: T.Array(Invitee),
  page: T.Integer({ minimum: 1 }),
  pages: T.Integer({ minimum: 0 }),
  total: T.Integer({ minimum: 0 }),
});
export type InviteePage = Static<typeof InviteePage>;

export const InviteeList = endpoint({
  service: 'api',
  path: 'waa/user/invitees',
  access: 'protected',
  tag: 'users',
  summary:
    "A page of the users who registered with the caller's invite code, newest first: a masked uid and the " +
    'registration time only',
  input: Obj({
    page: Int(1, 1_000_000),
    limit: T.Optional(Int(1, INVITEE_MAX_LIMIT, { default: INVITEE_PAGE_SIZE })),
  }),
  data: InviteePage,
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED],
});
