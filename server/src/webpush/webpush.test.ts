/**
 * Web Push through the server (issue #25): a browser's subscription kept per user, only push services taken,
 * every new notification sent encrypted and signed to each subscribed browser in its language, and a browser
 * that is gone forgotten.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AlarmType, MoneyAlarmType } from '../../../src/core/contract/notifications';
import { PUSH_SUBSCRIPTIONS_MAX } from '../../../src/core/contract/web-push';
import { ADMIN_TOKEN, createUser, post, signIn } from '../accounts/test-app';
import { buildApp } from '../app';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
import { decryptPush } from './encrypt';
import { startTestPushService, type TestPushService } from './test-push-service';
import { verifyVapid } from './vapid';

const KEY = '/v1/waa/push/key';
const SUBSCRIBE = '/v1/waa/push/subscribe';
const UNSUBSCRIBE = '/v1/waa/push/unsubscribe';

/** A browser: its private key stays in the test; the subscription goes to the server. */
function browser(endpoint: string, lang = 'en') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    subscription: { endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth, lang },
    read: (body: string) =>
      JSON.parse(decryptPush(Buffer.from(body, 'base64'), ecdh.getPrivateKey(), auth).toString()),
  };
}

// A row lock caps subscriptions under parallel requests, and an upsert on the endpoint: both engines.
describeOnBackends('Web Push', { on: 'both' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let push: TestPushService;

  beforeAll(async () => {
    push = await startTestPushService();
    database = await backend.create();
    app = await buildApp({
      adminToken: ADMIN_TOKEN,
      modules: { market: false, broker: false },
      webPush: { origins: [push.origin], subject: 'mailto:ops@broker.test' },
      ...appStorage(database),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    await push?.close();
  });

  const count = async (userId: string) =>
    Number(
      (
        await app.db.query<{ n: string }>(
          'select count(*) as n from web_push_subscriptions where user_id = $1',
          [userId],
        )
      ).rows[0]?.n,
    );

  it('answers the VAPID key, the same on every call, only with a session', async () => {
    expect((await post(app, null, KEY)).statusCode).toBe(401);
    const token = await signIn(app, (await createUser(app)).id);
    const first = (await post(app, token, KEY)).json().data.publicKey as string;
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    expect((await post(app, token, KEY)).json().data.publicKey).toBe(first);
  });

  it.each([
    ['an endpoint of no push service', 'http://127.0.0.1:1/admin/v1/health', {}],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/', {}],
    ['a key that is no curve point', 'push', { p256dh: `B${'A'.repeat(86)}` }],
    ['a control character', 'push', { lang: 'en\u0000' }],
  ])('refuses %s with 1001 and keeps nothing', async (_label, endpoint, change) => {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const target = endpoint === 'push' ? push.endpoint(`refused-${user.uid}`) : endpoint;
    const res = await post(app, token, SUBSCRIBE, { ...browser(target).subscription, ...change });
    expect(res.json().code).toBe(1001);
    expect(await count(user.id)).toBe(0);
  });

  it('sends each new notification to every browser of the user, encrypted, signed and in its language', async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const token = await signIn(app, user.id);
    const publicKey = (await post(app, token, KEY)).json().data.publicKey as string;
    const phone = browser(push.endpoint(`phone-${user.uid}`), 'de');
    const laptop = browser(push.endpoint(`laptop-${user.uid}`), 'fr');
    for (const b of [phone, laptop])
      expect((await post(app, token, SUBSCRIBE, b.subscription)).json().code).toBe(0);
    // Another user's notification reaches none of them.
    await app.notifications.notify(undefined, {
      userId: other.id,
      alarmType: AlarmType.newMessage,
      actionType: 4,
      title: 'x',
    });

    const notice = await app.notifications.notify(undefined, {
      userId: user.id,
      alarmType: MoneyAlarmType.depositCredited,
      actionType: 0,
      paymentPrice: '1250.5',
      paymentUnit: 'USD',
    });
    const [toPhone] = await push.waitFor(phone.subscription.endpoint);
    const [toLaptop] = await push.waitFor(laptop.subscription.endpoint);
    expect(phone.read(toPhone!.body)).toEqual({
      id: notice.id,
      alarmType: MoneyAlarmType.depositCredited,
      title: expect.stringMatching(/Einzahlung/),
      body: expect.stringContaining('1,250.50 USD'),
      url: '/user/notification',
    });
    expect(laptop.read(toLaptop!.body).title).toMatch(/dépôt/i);
    for (const arrived of [toPhone!, toLaptop!]) {
      expect(arrived.headers).toMatchObject({
        'content-encoding': 'aes128gcm',
        ttl: '86400',
        urgency: 'normal',
      });
      expect(verifyVapid(arrived.headers.authorization!)).toMatchObject({
        aud: push.origin,
        sub: 'mailto:ops@broker.test',
        publicKey,
      });
    }
    expect(push.received(phone.subscription.endpoint)).toHaveLength(1);
  });

  it('phrases a fired price alert and a margin close-out from their content, with no placeholder left', async () => {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const phone = browser(push.endpoint(`alert-${user.uid}`), 'de');
    await post(app, token, SUBSCRIBE, phone.subscription);
    const alert = {
      id: '7',
      symbol: 'EURUSD',
      condition: 'bid_above',
      level: '1.16100',
      firedPrice: '1.16120',
      note: 'Ziel',
    };
    await app.notifications.notify(undefined, {
      userId: user.id,
      alarmType: AlarmType.priceAlert,
      actionType: 0,
      content: JSON.stringify(alert),
      paymentPrice: '1.1612',
      paymentUnit: 'EURUSD',
    });
    const closeOut = {
      demo: false,
      marginLevel: '39.58',
      closeOutLevel: '50',
      orders: [{ uid: '1234', tradePair: 'BTCUSDT' }],
    };
    await app.notifications.notify(undefined, {
      userId: user.id,
      alarmType: AlarmType.marginCloseOut,
      actionType: 0,
      content: JSON.stringify(closeOut),
    });
    // Deliveries run concurrently and push services promise no order (RFC 8030): each is found by its type.
    const arrived = (await push.waitFor(phone.subscription.endpoint, 2)).map((p) => ({
      urgency: p.headers.urgency,
      payload: phone.read(p.body),
    }));
    const byType = (type: number) => arrived.find((a) => a.payload.alarmType === type)!;
    const alertPush = byType(AlarmType.priceAlert);
    const closeOutPush = byType(AlarmType.marginCloseOut);
    const [alertText, closeOutText] = [alertPush.payload, closeOutPush.payload];
    expect(alertText.body).toContain('EURUSD');
    expect(alertText.body).toContain('1.16120');
    expect(alertText.body).toContain('Ziel');
    expect(closeOutText.body).toContain('39.58');
    expect(closeOutText.body).toContain('BTCUSDT');
    for (const text of [alertText.title, alertText.body, closeOutText.title, closeOutText.body])
      expect(text).not.toMatch(/\{\{|alarm\./);
    expect(alertPush.urgency).toBe('high');
    expect(closeOutPush.urgency).toBe('normal');
  });

  it('keeps the latest browsers up to the limit under parallel subscribes, and re-subscribing replaces a row', async () => {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const browsers = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 4 }, (_, i) =>
      browser(push.endpoint(`many-${user.uid}-${i}`)),
    );
    const answers = await Promise.all(browsers.map((b) => post(app, token, SUBSCRIBE, b.subscription)));
    expect(answers.map((a) => a.json().code)).toEqual(browsers.map(() => 0));
    expect(await count(user.id)).toBe(PUSH_SUBSCRIPTIONS_MAX);
    const again = browser(browsers[0]!.subscription.endpoint);
    expect((await post(app, token, SUBSCRIBE, again.subscription)).json().code).toBe(0);
    expect(await count(user.id)).toBe(PUSH_SUBSCRIPTIONS_MAX);
    const { rows } = await app.db.query<{ p256dh: string }>(
      'select p256dh from web_push_subscriptions where endpoint = $1',
      [again.subscription.endpoint],
    );
    expect(rows).toEqual([{ p256dh: again.subscription.p256dh }]);
  });

  it('forgets a browser the push service says is gone, and unsubscribes only the caller’s own', async () => {
    const user = await createUser(app);
    const stranger = await createUser(app);
    const token = await signIn(app, user.id);
    const gone = browser(push.endpoint(`gone-${user.uid}`));
    const kept = browser(push.endpoint(`kept-${user.uid}`));
    for (const b of [gone, kept]) await post(app, token, SUBSCRIBE, b.subscription);
    push.answer(gone.subscription.endpoint, 410);
    await app.notifications.notify(undefined, {
      userId: user.id,
      alarmType: AlarmType.newMessage,
      actionType: 4,
      title: 'Hi',
      content: 'There',
    });
    const [arrived] = await push.waitFor(kept.subscription.endpoint);
    expect(kept.read(arrived!.body)).toMatchObject({ title: 'Hi', body: 'There' });
    await push.waitFor(gone.subscription.endpoint);
    // The delivery records its outcome after the answer: wait for the row to go (a condition, not a pause).
    await expect.poll(() => count(user.id)).toBe(1);

    const strangerToken = await signIn(app, stranger.id);
    expect(
      (await post(app, strangerToken, UNSUBSCRIBE, { endpoint: kept.subscription.endpoint })).json().code,
    ).toBe(0);
    expect(await count(user.id)).toBe(1);
    expect((await post(app, token, UNSUBSCRIBE, { endpoint: kept.subscription.endpoint })).json().code).toBe(
      0,
    );
    expect(await count(user.id)).toBe(0);
  });
});
