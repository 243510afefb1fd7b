import { describe, expect, it } from 'vitest';
import { GetUserLedger, OperatorLogin, OperatorMe } from '../core/contract/backoffice';
import { AdminDepositList } from '../core/contract/deposits';
import { AdminWithdrawalReject } from '../core/contract/withdrawals';
import { createTransport, NO_ANSWER, urlOf } from './transport';

describe('urlOf', () => {
  it('fills path segments and puts the rest of a GET in the query', () => {
    expect(urlOf(GetUserLedger, { uid: '12345678', page: 2, pageSize: 10 })).toBe(
      '/admin/v1/users/12345678/ledger?page=2&pageSize=10',
    );
    expect(urlOf(AdminDepositList, { status: 'waiting' })).toBe('/admin/v1/deposits?status=waiting');
    expect(urlOf(AdminWithdrawalReject, { id: '42', reason: 'x' })).toBe('/admin/v1/withdrawals/42/reject');
    expect(urlOf(OperatorLogin, { email: 'a@b.c' })).toBe('/admin/v1/operators/login');
  });
});

describe('createTransport', () => {
  const answering = (status: number, body: unknown) => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(url), init: init ?? {} });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    }) as typeof fetch;
    return { seen, call: createTransport(fetchImpl) };
  };

  it('sends a POST as JSON without its path segments, with the CSRF header and the session cookie', async () => {
    const { seen, call } = answering(200, { code: 0, msg: 'success', data: { withdrawal: null } });
    const answer = await call(AdminWithdrawalReject, { id: '42', reason: 'No match' });
    expect(answer).toEqual({ ok: true, data: { withdrawal: null } });
    expect(seen[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: JSON.stringify({ reason: 'No match' }),
      headers: { 'content-type': 'application/json', 'x-tk-backoffice': '1' },
    });
  });

  it('sends a GET with no body and no CSRF header', async () => {
    const { seen, call } = answering(200, { code: 0, msg: 'success', data: { operator: {} } });
    await call(OperatorMe, {});
    expect(seen[0]?.url).toBe('/admin/v1/operators/me');
    expect(seen[0]?.init.body).toBeUndefined();
    expect(seen[0]?.init.headers).toEqual({ accept: 'application/json' });
  });

  it('marks a call the page makes by itself (SEC13), GET or POST, and no other', async () => {
    const { seen, call } = answering(200, { code: 0, msg: 'success', data: {} });
    await call(OperatorMe, {}, { background: true });
    await call(AdminWithdrawalReject, { id: '42', reason: 'No match' }, { background: true });
    await call(OperatorMe, {}, { background: false });
    expect(
      seen.map((request) => (request.init.headers as Record<string, string>)['x-tk-background']),
    ).toEqual(['1', '1', undefined]);
  });

  it("answers a failure's code, message and status, and NO_ANSWER without an envelope", async () => {
    const failed = answering(401, { code: 400, msg: 'admin token required', data: null });
    expect(await failed.call(OperatorMe, {})).toEqual({
      ok: false,
      code: 400,
      msg: 'admin token required',
      status: 401,
    });
    const page = answering(502, '<html>Bad gateway</html>');
    expect(await page.call(OperatorMe, {})).toEqual({ ok: false, code: NO_ANSWER, msg: '', status: 502 });
    const down = createTransport((async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(await down(OperatorMe, {})).toEqual({ ok: false, code: NO_ANSWER, msg: '', status: 0 });
  });
});
