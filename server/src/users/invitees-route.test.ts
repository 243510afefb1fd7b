import { afterAll, beforeAll, expect, it } from 'vitest';
import { Code } from '../../../src/core/contract/codes';
import type { InviteePage } from '../../../src/core/contract/invitations';
import type { UserInfo } from '../../../src/core/contract/users';
import { authHarness, type AuthHarness } from '../auth/testing';
import { describeOnBackends } from '../db/testing';

const INVITEES = '/v1/waa/user/invitees';
const INFO = '/v1/waa/user/info';

// The list is SQL of its own (paging, order, count): both engines.
describeOnBackends('POST /v1/waa/user/invitees', { on: 'both' }, (backend) => {
  let h: AuthHarness;
  let inviter: { token: string; uid: string; code: string };
  const invited: string[] = [];
  let ip = 10;
  const nextIp = () => `10.0.7.${ip++}`;

  async function register(email: string, inviteCode?: string) {
    const uid = await h.registerEmail(email, 'secret-pass-1', { ip: nextIp(), inviteCode });
    const { token } = await h.login(email, 'secret-pass-1', { ip: nextIp() });
    const info = await h.post<UserInfo>(INFO, {}, { token });
    return { token, uid, code: info.data.inviteCode };
  }

  beforeAll(async () => {
    h = await authHarness(backend);
    inviter = await register('inviter@example.test');
    for (let i = 0; i < 12; i++) {
      invited.push((await register(`friend${i}@example.test`, inviter.code.toLowerCase())).uid);
      h.clock.advance(60_000);
    }
  }, 60_000);
  afterAll(() => h?.close());

  it('answers HTTP 401 without a session', async () => {
    expect((await h.call(INVITEES, { page: 1 })).statusCode).toBe(401);
  });

  it('lists who signed up with the code, newest first, ten a page, by a masked uid and a time only', async () => {
    const first = await h.post<InviteePage>(INVITEES, { page: 1 }, { token: inviter.token });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(first.data.list).toHaveLength(10);
    const second = await h.post<InviteePage>(INVITEES, { page: 2 }, { token: inviter.token });
    expect(second.data.list).toHaveLength(2);
    const rows = [...first.data.list, ...second.data.list];
    const newestFirst = [...invited].reverse();
    expect(rows.map((r) => r.maskedUid)).toEqual(
      newestFirst.map((uid) => `${uid.slice(0, 2)}****${uid.slice(-2)}`),
    );
    expect(new Set(rows.map((r) => r.id)).size).toBe(12);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['id', 'maskedUid', 'registeredAt']);
      expect(row.registeredAt).toBeGreaterThan(0);
      expect(JSON.stringify(row)).not.toContain('example.test');
      expect(invited.some((uid) => row.id.includes(uid))).toBe(false);
    }
    const times = rows.map((r) => r.registeredAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('shows each user only their own invitees', async () => {
    const stranger = await register('stranger@example.test');
    const theirs = await h.post<InviteePage>(INVITEES, { page: 1 }, { token: stranger.token });
    expect(theirs.data).toEqual({ list: [], page: 1, pages: 0, total: 0 });
    // An invitee is not shown their inviter, nor the others invited with the same code.
    const friend = await h.login('friend0@example.test', 'secret-pass-1', { ip: nextIp() });
    const own = await h.post<InviteePage>(INVITEES, { page: 1 }, { token: friend.token });
    expect(own.data.total).toBe(0);
  });

  it('honours the limit and refuses one above the maximum or a page below 1 with 1001', async () => {
    const three = await h.post<InviteePage>(INVITEES, { page: 2, limit: 3 }, { token: inviter.token });
    expect(three.data).toMatchObject({ page: 2, pages: 4, total: 12 });
    expect(three.data.list).toHaveLength(3);
    for (const body of [{ page: 1, limit: 51 }, { page: 0 }, { page: 'x' }]) {
      const res = await h.post(INVITEES, body, { token: inviter.token });
      expect(res.code).toBe(Code.INCORRECT_PARAMETER);
    }
  });
});
