import type { FastifyInstance } from 'fastify';

/** The demo login `npm start` prints outside production. */
export const DEMO_USER = {
  email: 'demo@tradekit.test',
  password: 'demo-trader-2026',
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
    url: string,
    payload: Record<string, unknown>,
    admin = false,
  ): Promise<Envelope<T>> => {
    const headers = admin ? { authorization: `Bearer ${app.config.adminToken}` } : {};
    const response = await app.inject({ method: 'POST', url, payload, headers });
    return response.json() as Envelope<T>;
  };
  const login = await call<{ token: string }>('/v1/wa-na/login', {
    username: DEMO_USER.email,
    type: 'E',
    password: DEMO_USER.password,
  });
  if (login.code === 0) {
    const info = await app.inject({
      method: 'POST',
      url: '/v1/waa/user/info',
      headers: { authorization: `Bearer ${login.data.token}` },
    });
    return (info.json() as Envelope<{ uid: string }>).data.uid;
  }
  const sent = await call('/v1/wa-na/sendMail', { email: DEMO_USER.email, type: '1', locale: 'en' });
  if (sent.code !== 0) throw new Error(`demo user: sendMail answered ${sent.code} ${sent.msg}`);
  const outbox = await app.inject({
    method: 'GET',
    url: `/dev/outbox?to=${encodeURIComponent(DEMO_USER.email)}`,
  });
  const code = (outbox.json() as Envelope<Array<{ code: string }>>).data[0]?.code;
  const registered = await call<{ uid: string }>('/v1/wa-na/register', {
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
    `/admin/v1/users/${uid}/credit`,
    { amount: DEMO_USER.funds, account: 'real' },
    true,
  );
  if (credit.code !== 0) throw new Error(`demo user: credit answered ${credit.code} ${credit.msg}`);
  return uid;
}
