/**
 * The whole route table of spec §2 as data. Later issues only flip `built` and register a page component
 * (src/host/pages/registry.ts); paths and access rules are complete here.
 */

/** Who may open a route: anyone, only visitors without a session, or only signed-in users. */
export type Access = 'open' | 'signedOutOnly' | 'protected';

export interface RouteDef {
  /** Route name (spec §2 names: chart, place, placeOption, …). */
  name: string;
  /** Pattern with `:param` segments, e.g. `/:symbol/chart`. */
  path: string;
  /** Other patterns showing the same page under their own URL. */
  aliases?: readonly string[];
  access: Access;
  /** Whether this build ships the page; unbuilt routes redirect to `/`. */
  built: boolean;
}

const open = (name: string, path: string, built = false): RouteDef => ({ name, path, access: 'open', built });
const guest = (name: string, path: string, built = false): RouteDef => ({
  name,
  path,
  access: 'signedOutOnly',
  built,
});
const user = (name: string, path: string, built = false): RouteDef => ({
  name,
  path,
  access: 'protected',
  built,
});

/** Every route of spec §2 (plus `/user/security`), static paths before parameterised ones. */
export const ROUTES: readonly RouteDef[] = [
  open('home', '/', true),
  open('search', '/search', true),
  open('quotation', '/quotation', true),
  guest('login', '/login', true),
  guest('register', '/register', true),
  guest('forgot', '/forgot', true),
  user('position', '/position', true),
  open('explore', '/explore'),
  user('history', '/history', true),
  user('user', '/user', true),
  user('account', '/user/account', true),
  user('myWallet', '/user/myWallet'),
  user('changePassword', '/user/changePassword', true),
  user('privacy', '/user/privacy', true),
  // Not in spec §2: the second-factor page that issue #3 adds.
  user('security', '/user/security', true),
  user('verified', '/user/verified'),
  user('juniorVerified', '/user/juniorVerified'),
  user('wallet', '/user/wallet'),
  { ...user('transactionList', '/user/wallet/transactionList'), aliases: ['/user/wallet/depositList'] },
  user('crypto', '/user/wallet/crypto'),
  user('addCrypto', '/user/wallet/addCrypto'),
  user('deleteCrypto', '/user/wallet/deleteCrypto'),
  user('bankCard', '/user/wallet/bankCard'),
  user('addBankCard', '/user/wallet/addBankCard'),
  user('editBankCard', '/user/wallet/editBankCard'),
  user('notification', '/user/notification'),
  user('deposit', '/user/deposit'),
  user('agreement', '/user/agreement'),
  user('withdraw', '/user/withdraw'),
  open('service', '/user/service'),
  user('standards', '/user/standards'),
  user('loan', '/user/loan'),
  user('bindEmail', '/user/bindEmail', true),
  open('chart', '/:symbol/chart', true),
  open('place', '/:symbol/place', true),
  open('placeOption', '/:symbol/placeOption'),
];

/** The route with this name (throws on a typo: names are a closed set). */
export function routeByName(name: string, table: readonly RouteDef[] = ROUTES): RouteDef {
  const route = table.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Whether the page of a named route ships in this build (hides links to pages that are not built). */
export function isBuilt(name: string, table: readonly RouteDef[] = ROUTES): boolean {
  return table.some((r) => r.name === name && r.built);
}
