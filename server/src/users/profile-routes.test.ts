import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import { anyTestDatabase, type TestDatabase } from '../db/testing';
import { AVATAR_MAX_BYTES } from './avatar-store';
import { HEIC_HEAD, JPEG_HEAD, multipart, PNG_1X1, type FormPart } from './multipart.testing';

const SUBMIT = '/v1/waa/user/info/submit';
let app: FastifyInstance;
let dataDir: string;
let database: TestDatabase | undefined;

beforeAll(async () => {
  // A real data dir: the avatars folder is inspected (the database is there too when the run has no PostgreSQL).
  dataDir = await mkdtemp(join(tmpdir(), 'tk-profile-'));
  database = await anyTestDatabase();
  app = await buildAccountsApp({ ...database, dataDir });
});
afterAll(async () => {
  await app?.close();
  await database?.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

const avatarFiles = async () => (await readdir(join(dataDir, 'avatars')).catch(() => [] as string[])).sort();

function submit(token: string | null, parts: FormPart[]) {
  const { payload, headers } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: SUBMIT,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const meta = (nickName: unknown) => ({ name: 'metaData', value: JSON.stringify({ nickName }) });
const file = (data: Buffer, filename = 'me.png', contentType = 'image/png') => ({
  name: 'avatar',
  filename,
  contentType,
  data,
});

async function signedIn() {
  const user = await createUser(app);
  return { user, token: await signIn(app, user.id) };
}

describe('POST /v1/waa/user/info/submit', () => {
  it('answers HTTP 401 without a token', async () => {
    expect((await submit(null, [meta('x'), file(PNG_1X1)])).statusCode).toBe(401);
  });

  it('stores a PNG avatar and the trimmed nickname, shown by user/info', async () => {
    const { token } = await signedIn();
    const res = await submit(token, [file(PNG_1X1), meta('  Ada  ')]);
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: null });
    const info = (await post(app, token, '/v1/waa/user/info')).json().data;
    expect(info.nickname).toBe('Ada');
    expect(info.avatar).toMatch(/^http:\/\/localhost(:\d+)?\/v1\/waa\/user\/avatar\/[0-9a-f]{32}\.png$/);
  });

  it('recognises JPEG and HEIC by content, whatever the file name and declared type say', async () => {
    const { user, token } = await signedIn();
    expect((await submit(token, [meta('J'), file(JPEG_HEAD, 'x.png', 'image/png')])).json().code).toBe(0);
    const jpeg = await app.db.query<{ avatar_path: string }>('select avatar_path from users where id = $1', [
      user.id,
    ]);
    expect(jpeg.rows[0]?.avatar_path).toMatch(/\.jpg$/);
    expect((await submit(token, [meta('H'), file(HEIC_HEAD, 'x.txt', 'text/plain')])).json().code).toBe(0);
    const heic = await app.db.query<{ avatar_path: string }>('select avatar_path from users where id = $1', [
      user.id,
    ]);
    expect(heic.rows[0]?.avatar_path).toMatch(/\.heic$/);
  });

  it('refuses a file that is not a JPEG, PNG or HEIC with 1001 and keeps nothing', async () => {
    const { token } = await signedIn();
    const before = await avatarFiles();
    const res = await submit(token, [meta('A'), file(Buffer.from('<svg onload="x()"/>'), 'a.png')]);
    expect(res.json()).toMatchObject({ code: 1001, msg: 'illegal image type (jpeg, png or heic)' });
    expect(await avatarFiles()).toEqual(before);
  });

  it('refuses an empty file with 23553', async () => {
    const { token } = await signedIn();
    expect((await submit(token, [meta('A'), file(Buffer.alloc(0))])).json().code).toBe(23553);
  });

  it('refuses an image over 10 MB with 1001 while it streams, keeping nothing', async () => {
    const { token } = await signedIn();
    const before = await avatarFiles();
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await submit(token, [meta('A'), file(big)]);
    expect(res.json()).toMatchObject({ code: 1001, msg: 'image larger than 10 MB' });
    expect(await avatarFiles()).toEqual(before);
  });

  it('requires an avatar from a user who has none, and then accepts a nickname alone', async () => {
    const { token } = await signedIn();
    expect((await submit(token, [meta('Solo')])).json().code).toBe(23553);
    expect((await submit(token, [meta('Solo'), file(PNG_1X1)])).json().code).toBe(0);
    expect((await submit(token, [meta('Renamed')])).json().code).toBe(0);
    expect((await post(app, token, '/v1/waa/user/info')).json().data.nickname).toBe('Renamed');
  });

  it.each([
    ['a missing metaData', [] as FormPart[], 1001],
    ['metaData that is not JSON', [{ name: 'metaData', value: '{nick' }], 1001],
    ['a blank nickname', [meta('   ')], 1001],
    ['a nickname of 141 characters', [meta('n'.repeat(141))], 1001],
    ['a nickname that is not text', [meta(42)], 1001],
    ['a nickname with markup', [meta('<b>x</b>')], 23558],
    ['a nickname with a control character', [meta('a\u0007b')], 23558],
  ])('refuses %s', async (_name, parts, code) => {
    const { token } = await signedIn();
    const before = await avatarFiles();
    expect((await submit(token, [file(PNG_1X1), ...parts])).json().code).toBe(code);
    expect(await avatarFiles()).toEqual(before);
  });

  it('accepts a nickname of exactly 140 characters', async () => {
    const { token } = await signedIn();
    expect((await submit(token, [meta('é'.repeat(140)), file(PNG_1X1)])).json().code).toBe(0);
  });

  it('refuses two files or a file under another field name with 1001', async () => {
    const { token } = await signedIn();
    expect((await submit(token, [meta('A'), file(PNG_1X1), file(PNG_1X1)])).json().code).toBe(1001);
    const other = { ...file(PNG_1X1), name: 'picture' };
    expect((await submit(token, [meta('A'), other])).json().code).toBe(1001);
  });

  it('refuses a JSON body with 1001', async () => {
    const { token } = await signedIn();
    expect((await post(app, token, SUBMIT, { metaData: { nickName: 'A' } })).json().code).toBe(1001);
  });

  it('deletes the replaced avatar file', async () => {
    const { user, token } = await signedIn();
    await submit(token, [meta('A'), file(PNG_1X1)]);
    const first = (
      await app.db.query<{ p: string }>('select avatar_path as p from users where id = $1', [user.id])
    ).rows[0]?.p as string;
    await submit(token, [meta('A'), file(JPEG_HEAD)]);
    const files = await avatarFiles();
    expect(files).not.toContain(first);
    expect(files.some((name) => name.endsWith('.part'))).toBe(false);
  });
});

describe('GET /v1/waa/user/avatar/:file', () => {
  async function withAvatar() {
    const { user, token } = await signedIn();
    await submit(token, [meta('A'), file(PNG_1X1)]);
    const url = (await post(app, token, '/v1/waa/user/info')).json().data.avatar as string;
    return { user, token, path: new URL(url).pathname };
  }

  it('serves the owner their avatar with its content type', async () => {
    const { token, path } = await withAvatar();
    const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it("never serves another user's avatar", async () => {
    const { path } = await withAvatar();
    const stranger = await signedIn();
    const res = await app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(1008);
  });

  it('answers 404 for names the store never gives and 401 without a token', async () => {
    const { token, path } = await withAvatar();
    const auth = { authorization: `Bearer ${token}` };
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x.png', '..']) {
      const res = await app.inject({ method: 'GET', url: `/v1/waa/user/avatar/${name}`, headers: auth });
      expect(res.statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });
});
