import { describe, expect, it } from 'vitest';
import { resolve, matchRoute, returnPath, type Resolution } from './resolve';
import { ROUTES, type RouteDef } from './routes';

/** The same table with every page built, as later issues will have it. */
const ALL_BUILT: RouteDef[] = ROUTES.map((r) => ({ ...r, built: true }));
const concrete = (path: string) => path.replace(':symbol', 'BTCUSDT');
const out = { signedIn: false };
const inn = { signedIn: true };

describe('resolve with every page built', () => {
  const cases = ALL_BUILT.map((r) => [r.name, concrete(r.path), r.access] as const);

  it.each(cases)('applies the access rule of %s (%s, %s) for visitors', (name, path, access) => {
    const expected: Resolution =
      access === 'protected'
        ? { redirect: `/login?to=${encodeURIComponent(path)}`, notice: 'app.login_required' }
        : expect.objectContaining({ page: name });
    expect(resolve(path, out, ALL_BUILT)).toEqual(expected);
  });

  it.each(cases)('applies the access rule of %s (%s, %s) for signed-in users', (name, path, access) => {
    const expected: Resolution =
      access === 'signedOutOnly'
        ? { redirect: '/', notice: 'app.already_logged_in' }
        : expect.objectContaining({ page: name });
    expect(resolve(path, inn, ALL_BUILT)).toEqual(expected);
  });

  it.each([
    ['/position', 'protected'],
    ['/history', 'protected'],
    ['/user', 'protected'],
    ['/user/wallet/transactionList', 'protected'],
    ['/user/service', 'open'],
    ['/login', 'signedOutOnly'],
    ['/register', 'signedOutOnly'],
    ['/forgot', 'signedOutOnly'],
    ['/search', 'open'],
    ['/quotation', 'open'],
    ['/explore', 'open'],
  ])('gives %s the access %s of spec §2', (path, access) => {
    expect(matchRoute(path, ALL_BUILT)?.route.access).toBe(access);
  });

  it('encodes the full path and query into the login return target', () => {
    expect(resolve('/user/wallet/transactionList?uid=A1&x=a b', out, ALL_BUILT)).toEqual({
      redirect: '/login?to=%2Fuser%2Fwallet%2FtransactionList%3Fuid%3DA1%26x%3Da%2520b',
      notice: 'app.login_required',
    });
  });

  it('shows the transaction list under its depositList alias, keeping the query', () => {
    const r = resolve('/user/wallet/depositList?optionUID=9', inn, ALL_BUILT);
    expect(r).toMatchObject({ page: 'transactionList', query: { optionUID: '9' } });
  });

  it('protects the alias like its route', () => {
    expect(resolve('/user/wallet/depositList', out, ALL_BUILT)).toMatchObject({
      redirect: '/login?to=%2Fuser%2Fwallet%2FdepositList',
    });
  });

  it('decodes the symbol parameter and parses the query', () => {
    expect(resolve('/EUR%2FUSD/place?direction=1', out, ALL_BUILT)).toMatchObject({
      page: 'place',
      params: { symbol: 'EUR/USD' },
      query: { direction: '1' },
    });
  });

  it('keeps /user/service open while its siblings are protected', () => {
    expect(resolve('/user/service', out, ALL_BUILT)).toMatchObject({ page: 'service' });
    expect(resolve('/user/standards', out, ALL_BUILT)).toMatchObject({ notice: 'app.login_required' });
  });
});

describe('resolve in this build', () => {
  it.each(['/nope', '/user/unknown', '/a/b/c/d', '/BTCUSDT', '/BTCUSDT/chart/extra'])(
    'sends the unknown path %s home',
    (path) => {
      expect(resolve(path, out)).toEqual({ redirect: '/' });
    },
  );

  it.each(['/explore'])('sends %s home without a notice because its page is not built (AP4)', (path) => {
    expect(resolve(path, out)).toEqual({ redirect: '/' });
    expect(resolve(path, inn)).toEqual({ redirect: '/' });
  });

  it.each(['/user/standards', '/user/invite'])('guards %s like the other account pages', (path) => {
    expect(resolve(path, out)).toEqual({
      redirect: `/login?to=${encodeURIComponent(path)}`,
      notice: 'app.login_required',
    });
    expect(resolve(path, inn)).toMatchObject({ page: path.slice('/user/'.length) });
  });

  it('guards /user/loan like the other account pages (the page itself checks the brand switch)', () => {
    expect(resolve('/user/loan', out)).toEqual({
      redirect: '/login?to=%2Fuser%2Floan',
      notice: 'app.login_required',
    });
    expect(resolve('/user/loan', inn)).toMatchObject({ page: 'loan' });
  });

  it('shows the option order page to anyone (its page checks the mode and direction)', () => {
    expect(resolve('/BTCUSDT/placeOption?direction=0', out)).toMatchObject({ page: 'placeOption' });
    expect(resolve('/BTCUSDT/placeOption?direction=0', inn)).toMatchObject({ page: 'placeOption' });
  });

  it.each(['/login', '/register', '/forgot'])('shows %s to visitors only', (path) => {
    expect(resolve(path, out)).toMatchObject({ page: path.slice(1) });
    expect(resolve(path, inn)).toEqual({ redirect: '/', notice: 'app.already_logged_in' });
  });

  it.each([
    ['/user', 'user'],
    ['/user/account', 'account'],
    ['/user/changePassword', 'changePassword'],
    ['/user/privacy', 'privacy'],
    ['/user/bindEmail', 'bindEmail'],
    ['/user/security', 'security'],
    ['/position', 'position'],
    ['/history', 'history'],
  ])('shows %s only after sign-in, keeping the return path', (path, page) => {
    expect(resolve(path, inn)).toMatchObject({ page });
    expect(resolve(path, out)).toEqual({
      redirect: `/login?to=${encodeURIComponent(path)}`,
      notice: 'app.login_required',
    });
  });

  it.each([
    ['/search', 'search', {}],
    ['/BTCUSDT/chart', 'chart', { symbol: 'BTCUSDT' }],
    ['/EUR%2FUSD/chart', 'chart', { symbol: 'EUR/USD' }],
    ['/BTCUSDT/place?direction=1', 'place', { symbol: 'BTCUSDT' }],
  ])('shows %s to visitors and signed-in users alike', (path, page, params) => {
    expect(resolve(path, out)).toMatchObject({ page, params });
    expect(resolve(path, inn)).toMatchObject({ page, params });
  });

  it('shows home and the quotation list to everyone', () => {
    expect(resolve('/', out)).toMatchObject({ page: 'home', params: {}, query: {} });
    expect(resolve('/quotation?singleTrade=3', inn)).toMatchObject({
      page: 'quotation',
      query: { singleTrade: '3' },
    });
  });

  it('ignores a trailing slash and letter case of static segments', () => {
    expect(resolve('/quotation/', out)).toMatchObject({ page: 'quotation' });
    expect(resolve('/Quotation', out)).toMatchObject({ page: 'quotation' });
  });
});

describe('returning after sign-in', () => {
  it.each([
    ['/user/account', '/user/account'],
    ['/user/wallet/transactionList?uid=A1', '/user/wallet/transactionList?uid=A1'],
    [null, '/'],
    ['', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['user', '/'],
  ])('goes from to=%j to %s', (to, expected) => {
    expect(returnPath(to)).toBe(expected);
  });

  it('sends a fresh sign-in on /login to the return path without a notice', () => {
    expect(resolve('/login?to=%2Fuser%2Faccount', { signedIn: true, justSignedIn: true })).toEqual({
      redirect: '/user/account',
    });
    expect(resolve('/register', { signedIn: true, justSignedIn: true })).toEqual({ redirect: '/' });
  });
});

describe('the route table', () => {
  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('lists every route of spec §2 plus the second-factor and invite pages', () => {
    const spec = [
      '/',
      '/search',
      '/:symbol/chart',
      '/:symbol/place',
      '/:symbol/placeOption',
      '/quotation',
      '/login',
      '/register',
      '/forgot',
      '/position',
      '/explore',
      '/history',
      '/user',
      '/user/account',
      '/user/myWallet',
      '/user/changePassword',
      '/user/privacy',
      '/user/verified',
      '/user/juniorVerified',
      '/user/wallet',
      '/user/wallet/transactionList',
      '/user/wallet/crypto',
      '/user/wallet/addCrypto',
      '/user/wallet/deleteCrypto',
      '/user/wallet/bankCard',
      '/user/wallet/addBankCard',
      '/user/wallet/editBankCard',
      '/user/notification',
      '/user/deposit',
      '/user/agreement',
      '/user/alerts',
      '/user/withdraw',
      '/user/service',
      '/user/standards',
      '/user/loan',
      '/user/bindEmail',
      '/user/security',
      '/user/invite',
    ];
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...spec].sort());
  });
});
