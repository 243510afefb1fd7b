import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionInfo } from '../../../../src/core/contract/auth';
import { describeOnBackends } from '../../db/testing';
import { SESSION_IDLE_MS } from '../sessions';
import { authHarness, type AuthHarness } from '../testing';

const LIST = '/v1/waa/user/sessions';
const END = '/v1/waa/user/sessions/end';
const END_OTHERS = '/v1/waa/user/sessions/endOthers';
const REFRESH = '/v1/wa-na/refresh';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Safari';
const DESK_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

describeOnBackends('identity: signed-in devices (ASVS 7.5.2)', { on: 'any' }, (backend) => {
  let h: AuthHarness;
  let seq = 0;
  beforeAll(async () => {
    h = await authHarness(backend);
  });
  afterAll(() => h?.close());

  /** A user signed in twice: from a phone, then (a minute later) from a desktop. */
  const twoDevices = async () => {
    const n = ++seq;
    const email = `devices${n}@example.com`;
    await h.registerEmail(email, 'p4ssword', { ip: `10.6.0.${n}` });
    const phone = await h.login(email, 'p4ssword', { ip: `10.6.1.${n}`, userAgent: PHONE_UA });
    h.clock.advance(60_000);
    const desk = await h.login(email, 'p4ssword', { ip: `10.6.2.${n}`, userAgent: DESK_UA });
    return {
      phone: { ...phone, as: { token: phone.token, ip: `10.6.1.${n}` } },
      desk: { ...desk, as: { token: desk.token, ip: `10.6.2.${n}` } },
    };
  };

  it('lists every live session, the most recently active first, the asking one marked current', async () => {
    const { desk } = await twoDevices();
    const listed = await h.post<SessionInfo[]>(LIST, {}, desk.as);
    expect(listed.code).toBe(0);
    expect(listed.data.map(({ current, ip, userAgent, demo }) => ({ current, ip, userAgent, demo }))).toEqual(
      [
        { current: true, ip: `10.6.2.${seq}`, userAgent: DESK_UA, demo: false },
        { current: false, ip: `10.6.1.${seq}`, userAgent: PHONE_UA, demo: false },
      ],
    );
    const [mine, phone] = listed.data;
    expect(mine!.lastActiveAt - phone!.lastActiveAt).toBe(60_000);
    expect(phone!.createdAt).toBe(phone!.lastActiveAt);
  });

  it('dates a session by its last refresh, and leaves out the ended and the idle ones', async () => {
    const { phone, desk } = await twoDevices();
    h.clock.advance(SESSION_IDLE_MS - 30_000);
    // The desk refreshes just before its inactivity limit; the phone does not.
    const refreshed = await h.post<{ token: string }>(REFRESH, { refreshToken: desk.refreshToken });
    expect(refreshed.code).toBe(0);
    h.clock.advance(60_000);
    const as = { token: refreshed.data.token, ip: desk.as.ip };
    const listed = await h.post<SessionInfo[]>(LIST, {}, as);
    expect(listed.data.map((s) => s.userAgent)).toEqual([DESK_UA]);
    expect(listed.data[0]!.lastActiveAt).toBe(h.clock.now() - 60_000);
    expect(phone.token).not.toBe(desk.token);
  });

  it('signs one other device out: its refresh fails, the asking session goes on', async () => {
    const { phone, desk } = await twoDevices();
    const listed = await h.post<SessionInfo[]>(LIST, {}, desk.as);
    const other = listed.data.find((s) => !s.current)!;
    expect(await h.post(END, { id: other.id }, desk.as)).toEqual({ code: 0, msg: 'success', data: null });
    expect((await h.post(REFRESH, { refreshToken: phone.refreshToken })).code).toBe(23519);
    expect((await h.post(LIST, {}, phone.as)).code).toBe(23519);
    const after = await h.post<SessionInfo[]>(LIST, {}, desk.as);
    expect(after.data.map((s) => s.current)).toEqual([true]);
    // Ended once: a second try finds nothing.
    expect((await h.post(END, { id: other.id }, desk.as)).code).toBe(1008);
  });

  it('answers 1008 for the current session, an unknown id and another user’s session alike', async () => {
    const mine = await twoDevices();
    const theirs = await twoDevices();
    const own = (await h.post<SessionInfo[]>(LIST, {}, mine.desk.as)).data;
    const foreign = (await h.post<SessionInfo[]>(LIST, {}, theirs.desk.as)).data;
    const answers = await Promise.all(
      [own.find((s) => s.current)!.id, 'f'.repeat(32), foreign[1]!.id].map((id) =>
        h.post(END, { id }, mine.desk.as),
      ),
    );
    expect(answers).toEqual(Array(3).fill({ code: 1008, msg: 'data not found', data: null }));
    // Nothing ended: the other user still has both devices.
    expect((await h.post<SessionInfo[]>(LIST, {}, theirs.desk.as)).data).toHaveLength(2);
  });

  it('signs every other device out at once and answers how many', async () => {
    const { phone, desk } = await twoDevices();
    const email = `devices${seq}@example.com`;
    const third = await h.login(email, 'p4ssword', { ip: desk.as.ip });
    expect(await h.post(END_OTHERS, {}, desk.as)).toEqual({ code: 0, msg: 'success', data: { ended: 2 } });
    for (const token of [phone.refreshToken, third.refreshToken])
      expect((await h.post(REFRESH, { refreshToken: token })).code).toBe(23519);
    expect((await h.post<{ ended: number }>(END_OTHERS, {}, desk.as)).data).toEqual({ ended: 0 });
  });

  it('keeps a User-Agent to 256 characters without control characters', async () => {
    const n = ++seq;
    const email = `devices${n}@example.com`;
    await h.registerEmail(email, 'p4ssword', { ip: `10.6.3.${n}` });
    const session = await h.login(email, 'p4ssword', {
      ip: `10.6.3.${n}`,
      userAgent: `A\tB${'x'.repeat(400)}`,
    });
    const listed = await h.post<SessionInfo[]>(LIST, {}, { token: session.token, ip: `10.6.3.${n}` });
    expect(listed.data[0]!.userAgent).toBe(`AB${'x'.repeat(254)}`);
  });
});
