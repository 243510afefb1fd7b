/**
 * Issue #19 item 3: every admin action, by the admin token or an operator, writes exactly one audit row in the
 * transaction of the action. The admin routes are enumerated from the app itself (its OpenAPI document, built
 * from the routes as registered), so a new admin route without a case here fails the first test.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_CSRF_HEADER } from '../../../src/core/contract/backoffice';
import { ADMIN_TOKEN, createUser, signIn, type TestUser } from '../accounts/test-app';
import { base32Decode, totpAt } from '../auth';
import { describeOnBackends } from '../db/testing';
import { createAdminAudit } from '../http/admin-audit';
import { submit } from '../deposits/deposits.testing';
import { tradingHarness, type TradingHarness } from '../trading/test-app';
import { withdrawUsdt } from '../withdrawals/test-support';
import { submitAdvanced, waitingId } from '../kyc/kyc.testing';
import { applyLoan, decideLoan, repayLoan } from '../loans/test-support';

type Method = 'GET' | 'POST';
interface Call {
  method: Method;
  url: string;
  body?: Record<string, unknown>;
  /** Calls as this operator's session cookie instead of the admin token. */
  cookie?: string;
  /** Sends these fields as a multipart form instead of a JSON body. */
  form?: Record<string, string>;
}

/** A multipart body of text fields. */
function formBody(fields: Record<string, string>): { payload: string; type: string } {
  const boundary = `audit-${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** What a route must write: one row of `action` (an action or an audited read), or none (a plain read). */
interface Case {
  audit: string | null;
  /** Answers the call of this route; runs once (each action changes something). */
  call(): Promise<Call>;
}

const admin = (method: Method, url: string, body?: Record<string, unknown>): Call => ({ method, url, body });

describeOnBackends('every admin route and its audit row', { on: 'any' }, (backend) => {
  let harness: TradingHarness;
  let app: FastifyInstance;
  let alice: TestUser;
  const deposits: string[] = [];
  const withdrawals: string[] = [];
  /** Which three deposits and withdrawals the cases use: a fresh set for each pass over the actions. */
  let set = 0;
  const deposit = (i: number) => deposits[set * 3 + i] as string;
  const withdrawal = (i: number) => withdrawals[set * 3 + i] as string;
  const kycs: string[] = [];
  const kyc = (i: number) => kycs[set * 3 + i] as string;
  const loans: string[] = [];
  const repayments: string[] = [];
  const loan = (i: number) => loans[set * 3 + i] as string;
  const repayment = (i: number) => repayments[set * 3 + i] as string;
  let productId: string;
  /** Support conversations (issue #21), four a set: assign, reply (taken by the admin token), read, close. */
  const conversations: Array<{ id: string; messageId: string; imageId: string }> = [];
  const support = (i: number) => conversations[set * 4 + i] as (typeof conversations)[number];

  async function inject(call: Call): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = call.cookie
      ? { cookie: call.cookie, [OPERATOR_CSRF_HEADER]: '1' }
      : { authorization: `Bearer ${ADMIN_TOKEN}` };
    if (call.form) {
      const { payload, type } = formBody(call.form);
      return app.inject({
        method: call.method,
        url: call.url,
        headers: { ...headers, 'content-type': type },
        payload,
      });
    }
    return app.inject({
      method: call.method,
      url: call.url,
      headers,
      ...(call.method === 'POST' ? { payload: call.body ?? {} } : {}),
    });
  }

  const auditCount = async () =>
    Number((await app.db.query<{ n: string }>('select count(*)::text as n from audit_log')).rows[0]?.n);
  const newRows = async (after: number) =>
    (
      await app.db.query<{ actor: string; action: string }>(
        'select actor, action from audit_log where id > $1 order by id',
        [after],
      )
    ).rows;
  const lastId = async () =>
    Number(
      (await app.db.query<{ n: string }>('select coalesce(max(id), 0)::text as n from audit_log')).rows[0]?.n,
    );

  async function addOperator(email: string, roles: string[]) {
    const res = await inject(admin('POST', '/admin/v1/operators', { email, roles }));
    const data = res.json().data as { operator: { id: string }; totpSecret: string; password: string };
    return { id: data.operator.id, email, secret: data.totpSecret, password: data.password };
  }

  async function operatorCookie(op: { email: string; secret: string; password: string }) {
    harness.clock.advance(30_000);
    const res = await app.inject({
      method: 'POST',
      url: '/admin/v1/operators/login',
      payload: {
        email: op.email,
        password: op.password,
        code: totpAt(base32Decode(op.secret), harness.clock.now()),
      },
    });
    expect(res.json().code).toBe(0);
    return String(res.headers['set-cookie']).split(';')[0] as string;
  }

  beforeAll(async () => {
    harness = await tradingHarness(backend);
    app = harness.app;
    alice = await createUser(app, { email: 'alice.audit@example.com' });
    // One user per ticket: a user has one waiting deposit and one waiting withdrawal at a time.
    for (let i = 0; i < 6; i += 1) {
      const user = await createUser(app);
      await harness.credit(user.id, '1000');
      const token = await signIn(app, user.id);
      const deposited = (
        await submit(app, token, { coinId: 1, amt: '1000', locale: 'en', agreement: true })
      ).json();
      expect(deposited.code, JSON.stringify(deposited)).toBe(0);
      deposits.push(deposited.data.id as string);
      const withdrawn = await withdrawUsdt(app, { id: user.id, token }, '100');
      expect(withdrawn.code, JSON.stringify(withdrawn)).toBe(0);
      withdrawals.push(String(withdrawn.data.id));
      // One waiting identity verification (with its three images) per unverified user.
      const applicant = await createUser(app, { verified: false });
      const applied = (await submitAdvanced(app, await signIn(app, applicant.id))).json();
      expect(applied.code, JSON.stringify(applied)).toBe(0);
      kycs.push(await waitingId(app, applicant.id, 'advanced'));
    }
    // Loans (issue #20): six waiting applications, and six waiting repayments of approved loans.
    for (let i = 0; i < 12; i += 1) {
      const borrower = await createUser(app);
      const token = await signIn(app, borrower.id);
      const applied = await applyLoan(app, token, alice.uid);
      expect(applied.code, JSON.stringify(applied)).toBe(0);
      if (i < 6) {
        loans.push(applied.data.dto.id);
        continue;
      }
      expect((await decideLoan(app, applied.data.dto.id, 'approve')).code).toBe(0);
      const repaid = await repayLoan(app, token, applied.data.dto.id, 100);
      expect(repaid.code, JSON.stringify(repaid)).toBe(0);
      repayments.push(repaid.data.dto.id);
    }
    for (let i = 0; i < 8; i += 1) {
      const writer = await createUser(app);
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
      const owner = { kind: 'user' as const, id: writer.id };
      const image = { bytes: png, type: 'image/png' };
      const sent = await app.support.send(owner, 'tradekit', { text: 'Help', clientId: `a${i}`, image });
      conversations.push({
        id: sent.conversation.id,
        messageId: sent.message.id,
        imageId: sent.message.image ?? '',
      });
      if (i % 4 === 1) {
        await app.support.assign(sent.conversation.id, {
          audit: createAdminAudit(app.db, 'admin-api'),
          name: 'Support',
        });
      }
    }
    productId = String(
      (await app.db.query<{ id: string }>('select id::text as id from option_products limit 1')).rows[0]?.id,
    );
  }, 120_000);
  afterAll(() => harness?.close());

  const cases: Record<string, Case> = {
    'GET /admin/v1/health': { audit: null, call: async () => admin('GET', '/admin/v1/health') },
    'GET /admin/v1/users': { audit: null, call: async () => admin('GET', '/admin/v1/users') },
    'GET /admin/v1/ledger/check': { audit: null, call: async () => admin('GET', '/admin/v1/ledger/check') },
    'GET /admin/v1/operators': { audit: null, call: async () => admin('GET', '/admin/v1/operators') },
    'GET /admin/v1/audit': { audit: null, call: async () => admin('GET', '/admin/v1/audit') },
    'GET /admin/v1/deposits': { audit: null, call: async () => admin('GET', '/admin/v1/deposits') },
    'GET /admin/v1/withdrawals': { audit: null, call: async () => admin('GET', '/admin/v1/withdrawals') },
    'GET /admin/v1/users/{uid}/summary': {
      audit: 'user.view_summary',
      call: async () => admin('GET', `/admin/v1/users/${alice.uid}/summary`),
    },
    'GET /admin/v1/users/{uid}/ledger': {
      audit: 'user.view_ledger',
      call: async () => admin('GET', `/admin/v1/users/${alice.uid}/ledger`),
    },
    'GET /admin/v1/users/{uid}/positions': {
      audit: 'user.view_positions',
      call: async () => admin('GET', `/admin/v1/users/${alice.uid}/positions`),
    },
    'GET /admin/v1/users/{uid}/view': {
      audit: 'user.view',
      call: async () => admin('GET', `/admin/v1/users/${alice.uid}/view`),
    },
    'POST /admin/v1/users/lookup': {
      audit: 'user.lookup',
      call: async () => admin('POST', '/admin/v1/users/lookup', { query: alice.uid }),
    },
    // Brand settings are no personal data: reading them is a plain read (BE4).
    'GET /admin/v1/brands': { audit: null, call: async () => admin('GET', '/admin/v1/brands') },
    'GET /admin/v1/brands/{id}': { audit: null, call: async () => admin('GET', '/admin/v1/brands/meridian') },
    'POST /admin/v1/brands/{id}': {
      audit: 'brand.update',
      call: async () => {
        const { edit } = (await inject(admin('GET', '/admin/v1/brands/meridian'))).json().data;
        return admin('POST', '/admin/v1/brands/meridian', {
          ...edit,
          siteTitle: `Meridian ${set}`,
          reason: 'Rename',
        });
      },
    },
    'GET /admin/v1/operators/me': {
      audit: null,
      call: async () => ({
        ...admin('GET', '/admin/v1/operators/me'),
        cookie: await operatorCookie(await addOperator('me@ops.example', ['support'])),
      }),
    },
    'GET /admin/v1/deposits/{id}/proof': {
      audit: 'deposit.view_proof',
      call: async () => admin('GET', `/admin/v1/deposits/${deposit(0)}/proof`),
    },
    'GET /admin/v1/kyc': { audit: 'kyc.list', call: async () => admin('GET', '/admin/v1/kyc') },
    'GET /admin/v1/kyc/users/{uid}': {
      audit: 'user.view_kyc_level',
      call: async () => admin('GET', `/admin/v1/kyc/users/${alice.uid}`),
    },
    'GET /admin/v1/kyc/{id}/image/{side}': {
      audit: 'kyc.view_image',
      call: async () => admin('GET', `/admin/v1/kyc/${kyc(0)}/image/front`),
    },
    'POST /admin/v1/kyc/{id}/approve': {
      audit: 'kyc.approve',
      call: async () => admin('POST', `/admin/v1/kyc/${kyc(1)}/approve`),
    },
    'POST /admin/v1/kyc/{id}/reject': {
      audit: 'kyc.reject',
      call: async () => admin('POST', `/admin/v1/kyc/${kyc(2)}/reject`, { reason: 'Blurred photo' }),
    },
    'GET /admin/v1/withdrawals/{id}': {
      audit: 'withdrawal.view_destination',
      call: async () => admin('GET', `/admin/v1/withdrawals/${withdrawal(0)}`),
    },
    'POST /admin/v1/operators': {
      audit: 'operator.add',
      call: async () =>
        admin('POST', '/admin/v1/operators', { email: `new${set}@ops.example`, roles: ['support'] }),
    },
    'POST /admin/v1/operators/{id}/disable': {
      audit: 'operator.disable',
      call: async () => {
        const op = await addOperator(`leaving${set}@ops.example`, ['support']);
        return admin('POST', `/admin/v1/operators/${op.id}/disable`);
      },
    },
    'POST /admin/v1/operators/password': {
      audit: 'operator.password_change',
      call: async () => {
        const op = await addOperator(`first${set}@ops.example`, ['support']);
        return {
          ...admin('POST', '/admin/v1/operators/password', {
            password: op.password,
            newPassword: `own-${op.password}`,
          }),
          cookie: await operatorCookie(op),
        };
      },
    },
    'POST /admin/v1/operators/{id}/password/reset': {
      audit: 'operator.reset_password',
      call: async () => {
        const op = await addOperator(`forgot${set}@ops.example`, ['support']);
        return admin('POST', `/admin/v1/operators/${op.id}/password/reset`);
      },
    },
    'POST /admin/v1/operators/logout': {
      audit: 'operator.sign_out',
      call: async () => ({
        ...admin('POST', '/admin/v1/operators/logout'),
        cookie: await operatorCookie(await addOperator(`out${set}@ops.example`, ['support'])),
      }),
    },
    'POST /admin/v1/users/{uid}/block': {
      audit: 'user.block',
      call: async () => admin('POST', `/admin/v1/users/${(await createUser(app)).uid}/block`),
    },
    'POST /admin/v1/users/{uid}/unblock': {
      audit: 'user.unblock',
      call: async () => admin('POST', `/admin/v1/users/${(await createUser(app)).uid}/unblock`),
    },
    'POST /admin/v1/users/{uid}/sessions/end': {
      audit: 'user.sessions_end',
      call: async () => {
        const user = await createUser(app);
        await signIn(app, user.id);
        return admin('POST', `/admin/v1/users/${user.uid}/sessions/end`);
      },
    },
    'POST /admin/v1/users/{uid}/totp/reset': {
      audit: 'user.totp_reset',
      call: async () => {
        const user = await createUser(app);
        await app.db.query(
          `update users set totp_enabled = true, totp_secret = 'JBSWY3DPEHPK3PXP' where id = $1`,
          [user.id],
        );
        return admin('POST', `/admin/v1/users/${user.uid}/totp/reset`, {
          note: 'Passport checked on a video call',
        });
      },
    },
    'POST /admin/v1/users/{uid}/trading': {
      audit: 'user.trading',
      call: async () => admin('POST', `/admin/v1/users/${alice.uid}/trading`, { prohibited: true }),
    },
    'POST /admin/v1/users/{uid}/credit': {
      audit: 'user.credit',
      call: async () =>
        admin('POST', `/admin/v1/users/${alice.uid}/credit`, { amount: '10', account: 'real' }),
    },
    'POST /admin/v1/users/{uid}/notifications': {
      audit: 'notification.send',
      call: async () =>
        admin('POST', `/admin/v1/users/${alice.uid}/notifications`, { title: 'Hello', content: 'A word' }),
    },
    'POST /admin/v1/users/{uid}/withdrawals/freeze': {
      audit: 'withdrawals.freeze',
      call: async () =>
        admin('POST', `/admin/v1/users/${(await createUser(app)).uid}/withdrawals/freeze`, {
          reason: 'Check',
        }),
    },
    'POST /admin/v1/users/{uid}/withdrawals/unfreeze': {
      audit: 'withdrawals.unfreeze',
      call: async () => {
        const user = await createUser(app);
        await inject(admin('POST', `/admin/v1/users/${user.uid}/withdrawals/freeze`, { reason: 'Check' }));
        return admin('POST', `/admin/v1/users/${user.uid}/withdrawals/unfreeze`, { reason: 'Cleared' });
      },
    },
    'POST /admin/v1/options/products/{id}': {
      audit: 'option_product.update',
      call: async () => admin('POST', `/admin/v1/options/products/${productId}`, { tradeStatus: 1 }),
    },
    'POST /admin/v1/market/{symbol}/price': {
      audit: 'market.price_release',
      call: async () => admin('POST', '/admin/v1/market/BTCUSDT/price', { release: true }),
    },
    'POST /admin/v1/market/connections/drop': {
      audit: 'market.drop_connections',
      call: async () => admin('POST', '/admin/v1/market/connections/drop', {}),
    },
    'POST /admin/v1/deposits/{id}/approve': {
      audit: 'deposit.approve',
      call: async () => admin('POST', `/admin/v1/deposits/${deposit(1)}/approve`),
    },
    'POST /admin/v1/deposits/{id}/reject': {
      audit: 'deposit.reject',
      call: async () => admin('POST', `/admin/v1/deposits/${deposit(2)}/reject`, { reason: 'Unreadable' }),
    },
    'POST /admin/v1/withdrawals/{id}/approve': {
      audit: 'withdrawal.approve',
      call: async () => admin('POST', `/admin/v1/withdrawals/${withdrawal(1)}/approve`),
    },
    'POST /admin/v1/withdrawals/{id}/reject': {
      audit: 'withdrawal.reject',
      call: async () =>
        admin('POST', `/admin/v1/withdrawals/${withdrawal(2)}/reject`, { reason: 'Mismatch' }),
    },
    'GET /admin/v1/loans': { audit: null, call: async () => admin('GET', '/admin/v1/loans') },
    'POST /admin/v1/loans/{id}/approve': {
      audit: 'loan.approve',
      call: async () => admin('POST', `/admin/v1/loans/${loan(1)}/approve`),
    },
    'POST /admin/v1/loans/{id}/reject': {
      audit: 'loan.reject',
      call: async () => admin('POST', `/admin/v1/loans/${loan(2)}/reject`, { reason: 'No guarantor' }),
    },
    'GET /admin/v1/loan-repayments': {
      audit: null,
      call: async () => admin('GET', '/admin/v1/loan-repayments'),
    },
    'POST /admin/v1/loan-repayments/{id}/approve': {
      audit: 'loan_repayment.approve',
      call: async () => admin('POST', `/admin/v1/loan-repayments/${repayment(1)}/approve`),
    },
    'POST /admin/v1/loan-repayments/{id}/reject': {
      audit: 'loan_repayment.reject',
      call: async () =>
        admin('POST', `/admin/v1/loan-repayments/${repayment(2)}/reject`, { reason: 'Unpaid' }),
    },
    'GET /admin/v1/support/conversations': {
      audit: null,
      call: async () => admin('GET', '/admin/v1/support/conversations?box=unassigned'),
    },
    'GET /admin/v1/support/conversations/{id}': {
      audit: null,
      call: async () => admin('GET', `/admin/v1/support/conversations/${support(0).id}`),
    },
    'GET /admin/v1/support/images/{id}': {
      audit: 'support.view_image',
      call: async () => admin('GET', `/admin/v1/support/images/${support(0).imageId}`),
    },
    'POST /admin/v1/support/conversations/{id}/assign': {
      audit: 'support.assign',
      call: async () => admin('POST', `/admin/v1/support/conversations/${support(0).id}/assign`),
    },
    'POST /admin/v1/support/conversations/{id}/reply': {
      audit: 'support.reply',
      call: async () => ({
        ...admin('POST', `/admin/v1/support/conversations/${support(1).id}/reply`),
        form: { text: 'We are on it', clientId: `reply-${set}` },
      }),
    },
    'POST /admin/v1/support/conversations/{id}/read': {
      audit: 'support.read',
      call: async () =>
        admin('POST', `/admin/v1/support/conversations/${support(2).id}/read`, {
          upToId: support(2).messageId,
        }),
    },
    'POST /admin/v1/support/conversations/{id}/close': {
      audit: 'support.close',
      call: async () => admin('POST', `/admin/v1/support/conversations/${support(3).id}/close`),
    },
    // Last: it ends every trader's session.
    'POST /admin/v1/sessions/end-all': {
      audit: 'sessions.end_all',
      call: async () => admin('POST', '/admin/v1/sessions/end-all', { reason: 'suspected token leak' }),
    },
  };

  it('has a case for every admin route the app registers, and none for a route it lacks', () => {
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const registered = Object.entries(paths)
      .filter(([path]) => path.startsWith('/admin/v1/') && path !== '/admin/v1/operators/login')
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => method !== 'head')
          .map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(registered).toEqual(Object.keys(cases).sort());
  });

  it.each(Object.keys(cases))('%s writes its one audit row (or none for a plain read)', async (key) => {
    const entry = cases[key] as Case;
    const call = await entry.call();
    const before = await lastId();
    const res = await inject(call);
    expect(res.statusCode, res.body).toBe(200);
    if (res.headers['content-type']?.toString().startsWith('application/json'))
      expect(res.json().code).toBe(0);
    const rows = await newRows(before);
    if (entry.audit === null) {
      expect(rows).toEqual([]);
      return;
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]?.action).toBe(entry.audit);
    expect(rows[0]?.actor).toMatch(call.cookie ? /^operator:\d+$/ : /^admin-api$/);
  });

  /** A digest of every table but the audit log: what an action changed. */
  async function fingerprint(): Promise<Record<string, string>> {
    const { rows } = await app.db.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'audit_log'`,
    );
    const digest: Record<string, string> = {};
    for (const { name } of rows) {
      const { rows: sums } = await app.db.query<{ md5: string }>(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${name}" t`,
      );
      digest[name] = sums[0]?.md5 ?? '';
    }
    return digest;
  }

  it.each(Object.keys(cases).filter((key) => key.startsWith('POST ')))(
    '%s changes nothing when its audit row cannot be written (one transaction)',
    async (key) => {
      set = 1;
      const call = await (cases[key] as Case).call();
      const before = await fingerprint();
      await app.db.exec(`
        create or replace function refuse_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit log refused'; end $$;
        create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit();`);
      try {
        const res = await inject(call);
        expect(res.json().code).not.toBe(0);
      } finally {
        await app.db.exec('drop trigger refuse_audit on audit_log');
      }
      expect(await fingerprint()).toEqual(before);
    },
  );

  it('writes no audit row for an action that fails', async () => {
    const before = await auditCount();
    for (const call of [
      admin('POST', '/admin/v1/users/99999999/credit', { amount: '10', account: 'real' }),
      admin('POST', '/admin/v1/users/99999999/block'),
      admin('POST', '/admin/v1/users/99999999/sessions/end'),
      admin('POST', '/admin/v1/sessions/end-all', { reason: 'x' }),
      admin('POST', '/admin/v1/users/99999999/notifications', { title: 'Hello', content: 'A word' }),
      admin('POST', `/admin/v1/deposits/${deposits[1]}/approve`),
      admin('POST', '/admin/v1/options/products/2147483647', { tradeStatus: 1 }),
    ]) {
      const res = await inject(call);
      expect(res.json().code, call.url).not.toBe(0);
    }
    expect(await auditCount()).toBe(before);
  });
});
