import type { FastifyInstance } from 'fastify';
import { AdminCreditUser } from '../../src/core/contract/admin';
import { DevOutbox, Login, Register, SendMail } from '../../src/core/contract/auth';
import { fillPath, SERVICE_ROOT, serverUrl, type Endpoint } from '../../src/core/contract/endpoint';
import { GetUserInfo } from '../../src/core/contract/users';

/** The demo login `npm start` prints outside production. */
export const DEMO_USER = {
  email: 'demo@tradekit.test',
  password: 'paper-trader-2026',
  funds: '10000.00',
} as const;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Makes sure the demo login exists, through the same public flows a person uses (code by mail from the dev
 * outbox, registration) and the admin credit API for starting funds; answers its uid. Idempotent.
 */
export async function ensureDemoUser(app: FastifyInstance): Promise<string> {
  const call = async <T>(
    endpoint: Endpoint,
    payload: Record<string, unknown>,
    bearer: string | null = null,
  ): Promise<Envelope<T>> => {
    const url = `${SERVICE_ROOT[endpoint.service]}/${fillPath(endpoint.path, payload)}`;
    const headers = bearer ? { authorization: `Bearer ${bearer}` } : {};
    const response = await app.inject({ method: 'POST', url, payload, headers });
    return response.json() as Envelope<T>;
  };
  const login = await call<{ token: string }>(Login, {
    username: DEMO_USER.email,
    type: 'E',
    password: DEMO_USER.password,
  });
  if (login.code === 0) {
    const info = await call<{ uid: string }>(GetUserInfo, {}, login.data.token);
    return info.data.uid;
  }
  const sent = await call(SendMail, { email: DEMO_USER.email, type: '1', locale: 'en' });
  if (sent.code !== 0) throw new Error(`demo user: sendMail answered ${sent.code} ${sent.msg}`);
  const outbox = await app.inject({
    method: 'GET',
    url: `${serverUrl(DevOutbox.service, DevOutbox.path)}?to=${encodeURIComponent(DEMO_USER.email)}`,
  });
  const code = (outbox.json() as Envelope<Array<{ code: string }>>).data[0]?.code;
  const registered = await call<{ uid: string }>(Register, {
    username: DEMO_USER.email,
    type: 'E',
    password: DEMO_USER.password,
    code,
    locale: 'en',
  });
  if (registered.code !== 0)
    throw new Error(`demo user: register answered ${registered.code} ${registered.msg}`);
  const { uid } = registered.data;
  const credit = await call(
    AdminCreditUser,
    { uid, amount: DEMO_USER.funds, account: 'real' },
    app.config.adminToken,
  );
  if (credit.code !== 0) throw new Error(`demo user: credit answered ${credit.code} ${credit.msg}`);
  return uid;
}
