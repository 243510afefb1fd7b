import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildAccountsApp, createUser, type TestUser } from '../accounts/test-app';
import { USAGE } from './cli-run';
import { cliAgainst } from './testing';

let app: FastifyInstance;
let url: string;
let user: TestUser;

beforeAll(async () => {
  app = await buildAccountsApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  user = await createUser(app, { nickname: 'CliUser', email: 'cli.user@example.test' });
});
afterAll(() => app?.close());

const cli = cliAgainst(() => url, ADMIN_TOKEN);

describe('admin CLI', () => {
  it('prints the usage for --help and exits 0', async () => {
    const result = await cli(['--help']);
    expect(result).toMatchObject({ code: 0, out: USAGE });
    expect(result.out).toContain('users:credit <uid> <amount> [real|demo]');
  });

  it('exits 2 with a hint for a missing or unknown command, option or argument', async () => {
    for (const argv of [
      [],
      ['users:drop'],
      ['ledger:check', '--force'],
      ['users:block'],
      ['users:sign-out'],
      ['sessions:end-all'],
      ['users:reset-2fa', user.uid],
      ['sessions:end-all', '--reason'],
      ['users:credit', user.uid],
    ]) {
      const result = await cli(argv);
      expect(result.code).toBe(2);
      expect(result.err).toContain('Run with --help for usage.');
    }
    expect((await cli(['users:credit', user.uid, '5', 'savings'])).err).toContain('real or demo');
  });

  it('exits 2 when ADMIN_TOKEN is missing and 1 when the server refuses it, never printing it', async () => {
    expect(await cli(['ledger:check'], { ADMIN_TOKEN: '' })).toMatchObject({
      code: 2,
      err: expect.stringContaining('ADMIN_TOKEN'),
    });
    const refused = await cli(['ledger:check'], { ADMIN_TOKEN: 'wrong-token-value' });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('refused the admin token (HTTP 401)');
    expect(refused.err).not.toContain('wrong-token-value');
  });

  it('exits 1 with a clear message when the server cannot be reached', async () => {
    const result = await cli(['ledger:check'], { TRADEKIT_URL: 'http://127.0.0.1:9' });
    expect(result.code).toBe(1);
    expect(result.err).toContain('cannot reach http://127.0.0.1:9');
  });

  it('lists and searches users as a table', async () => {
    const result = await cli(['users:list', 'cli.user']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^UID\s+BRAND\s+LOGIN\s+NICKNAME\s+BLOCKED\s+REAL\s+DEMO/);
    expect(result.out).toContain(user.uid);
    expect(result.out).toContain('Users 1–1 of 1 (page 1).');
  });

  it('credits an account, then shows it in the list and as JSON', async () => {
    const credited = await cli(['users:credit', user.uid, '12.5', 'real', '--note', 'cli test']);
    expect(credited.code).toBe(0);
    expect(credited.out).toMatch(
      new RegExp(`Credited 12.50 USD to the real account of ${user.uid}; balance 12.50`),
    );
    const json = await cli(['users:list', user.uid, '--json']);
    expect(JSON.parse(json.out).list[0].real).toEqual({ balanceAmount: '12.50', lockMargin: '0.00' });
  });

  it('reports API refusals with their code and exits 1', async () => {
    const result = await cli(['users:credit', '99999999', '1']);
    expect(result).toMatchObject({ code: 1, err: 'error: user not found (code 1002)' });
  });

  it('prohibits a user from trading and allows them again', async () => {
    expect((await cli(['users:prohibit', user.uid])).out).toBe(`${user.uid} may no longer trade.`);
    expect((await cli(['users:allow', user.uid])).out).toBe(`${user.uid} may trade again.`);
    expect((await cli(['users:prohibit', '99999999'])).code).toBe(1);
  });

  it('signs one user out everywhere, then every trader', async () => {
    expect((await cli(['users:sign-out', user.uid])).out).toBe(`Signed ${user.uid} out; ended 0 session(s).`);
    expect((await cli(['users:sign-out', '99999999'])).code).toBe(1);
    const swept = await cli(['sessions:end-all', '--reason', 'suspected token leak']);
    expect(swept).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Ended \d+ session\(s\) of \d+ user\(s\)\.$/),
    });
  });

  it('resets a lost second factor, and says 1017 when it is off', async () => {
    const note = ['--note', 'Passport checked on a video call'];
    expect(await cli(['users:reset-2fa', user.uid, ...note])).toMatchObject({
      code: 1,
      err: expect.stringContaining('(code 1017)'),
    });
    await app.db.query(
      `update users set totp_enabled = true, totp_secret = 'JBSWY3DPEHPK3PXP' where id = $1`,
      [user.id],
    );
    const reset = await cli(['users:reset-2fa', user.uid, ...note]);
    expect(reset.out).toMatch(
      new RegExp(`^Second factor of ${user.uid} turned off; ended \\d+ session\\(s\\); `),
    );
  });

  it('blocks and unblocks a user', async () => {
    expect((await cli(['users:block', user.uid])).out).toBe(`Blocked ${user.uid}; ended 0 session(s).`);
    expect((await cli(['users:unblock', user.uid])).out).toBe(`Unblocked ${user.uid}.`);
  });

  it('sends a new-message notification that the user then lists', async () => {
    const sent = await cli(['notify:send', user.uid, 'Maintenance', 'Tonight from 22:00 UTC']);
    expect(sent.code).toBe(0);
    expect(sent.out).toMatch(new RegExp(`^Sent notification \\d+ to ${user.uid}; 1 unread\\.$`));
    const [row] = (
      await app.db.query<{ alarm_type: number; action_type: number; content: string }>(
        'select alarm_type, action_type, content from notifications where user_id = $1',
        [user.id],
      )
    ).rows;
    expect(row).toEqual({ alarm_type: 629012, action_type: 4, content: 'Tonight from 22:00 UTC' });
    expect((await cli(['notify:send', user.uid, 'Title only'])).code).toBe(2);
    expect((await cli(['notify:send', '99999999', 't', 'c'])).code).toBe(1);
  });

  it('checks the ledger: exit 0 when conserved, 1 with the mismatch named when not', async () => {
    const good = await cli(['ledger:check']);
    expect(good.code).toBe(0);
    expect(good.out).toContain('Ledger OK: money is conserved.');
    await app.db.query(
      "update ledger_accounts set balance = balance + 1 where user_id = $1 and kind = 'real'",
      [user.id],
    );
    const bad = await cli(['ledger:check']);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('Ledger MISMATCH');
    expect(bad.out).toMatch(/balance: stored 13\.50, postings 12\.50/);
    await app.db.query(
      "update ledger_accounts set balance = balance - 1 where user_id = $1 and kind = 'real'",
      [user.id],
    );
  });

  it('runs as the npm script entry point with the same exit codes', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    // Asynchronous: the server answering the child runs in this very process.
    const run = (args: string[]) =>
      new Promise<{ status: number | null; stdout: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/admin/cli.ts', ...args], {
          cwd: root,
          env: { ...process.env, TRADEKIT_URL: url, ADMIN_TOKEN },
        });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stdout }));
      });
    const ok = await run(['ledger:check']);
    expect(ok.stdout).toContain('Ledger OK');
    expect(ok.status).toBe(0);
    expect((await run(['nope'])).status).toBe(2);
  }, 60_000);
});
