/** Types of the identity module shared by its parts (kept apart so that no two modules import each other). */

/** Who a protected request acts for (`request.auth`). */
export interface RequestAuth {
  userId: string;
  uid: string;
  sessionId: string;
  /** True when the token acts on the demo account. */
  virtual: boolean;
  brandId: string;
}

/** Result of checking an access token: 401 invalid or expired, 23519 revoked, 1002 user gone, 1044 blocked. */
export type TokenCheck = { ok: true; auth: RequestAuth } | { ok: false; code: 401 | 23519 | 1002 | 1044 };
