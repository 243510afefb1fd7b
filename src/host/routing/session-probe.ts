/**
 * Whether the visitor has a session, for the route guards. The session module of a later issue replaces
 * this one function; until then a token in local storage (spec §3) counts as signed in.
 */
export function isSignedIn(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return Boolean(storage?.getItem('token'));
  } catch {
    // Storage can throw when blocked by privacy settings: treat as signed out.
    return false;
  }
}
