import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RawStompClient, encode } from './testing/raw-client';
import { startBrokerApp } from './testing/test-app';

describe('STOMP /market-ws', () => {
  let app: FastifyInstance;
  let url: string;
  const clients: RawStompClient[] = [];

  beforeAll(async () => ({ app, url } = await startBrokerApp()));
  afterAll(() => app.close());
  afterEach(() => clients.splice(0).forEach((c) => c.close()));

  async function open(): Promise<RawStompClient> {
    const client = await RawStompClient.open(url);
    clients.push(client);
    return client;
  }

  async function connected(): Promise<RawStompClient> {
    const client = await open();
    await client.connect();
    return client;
  }

  describe('CONNECT', () => {
    it('negotiates the highest common version, the heart-beat and the subprotocol', async () => {
      const client = await open();
      const frame = await client.connect({ 'accept-version': '1.0,1.1,1.2', 'heart-beat': '15000,5000' });
      expect(frame.headers).toMatchObject({ version: '1.2', 'heart-beat': '10000,10000' });
      expect(frame.headers.server).toMatch(/^TradeKit\/\d+\.\d+$/);
      expect(frame.headers.session).toMatch(/^[\w-]{8,}$/);
      expect(client.ws.protocol).toBe('v12.stomp');
    });

    it('speaks STOMP 1.0 to a client that sends no accept-version', async () => {
      const client = await open();
      client.frame('CONNECT', { host: 'localhost' });
      const frame = await client.expect('CONNECTED');
      expect(frame.headers.version).toBe('1.0');
      expect(frame.headers['heart-beat']).toBeUndefined();
    });

    it('accepts the STOMP command as CONNECT', async () => {
      const client = await open();
      client.frame('STOMP', { 'accept-version': '1.1', host: 'localhost' });
      expect((await client.expect('CONNECTED')).headers.version).toBe('1.1');
    });

    it('answers an unsupported version with ERROR naming the supported ones and closes', async () => {
      const client = await open();
      client.frame('CONNECT', { 'accept-version': '2.0', host: 'localhost' });
      const error = await client.expect('ERROR');
      expect(error.headers).toMatchObject({ message: 'unsupported version', version: '1.2,1.1,1.0' });
      expect(await client.closed).toBe(1002);
    });
  });

  describe('SUBSCRIBE', () => {
    it('delivers a published MESSAGE with all headers and the body byte-exact', async () => {
      const client = await connected();
      await client.subscribe('/topic/prices');
      const body = JSON.stringify([{ symbol: 'EURUSD', name: 'Euro / Dollar é', price: '1.08421' }]);
      app.broker.publish('/topic/prices', body);
      const message = await client.expect('MESSAGE');
      expect(message.headers).toMatchObject({
        subscription: 'sub-0',
        destination: '/topic/prices',
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      });
      expect(message.headers['message-id']).toMatch(/^\d+$/);
      expect(message.body).toBe(body);
    });

    it('gives each published message its own message-id', async () => {
      const client = await connected();
      await client.subscribe('/topic/price.XAUUSD');
      app.broker.publish('/topic/price.XAUUSD', '{"n":1}');
      app.broker.publish('/topic/price.XAUUSD', '{"n":2}');
      const [first, second] = [await client.expect('MESSAGE'), await client.expect('MESSAGE')];
      expect(second.body).toBe('{"n":2}');
      expect(first.headers['message-id']).not.toBe(second.headers['message-id']);
    });

    it('sends the snapshot right after SUBSCRIBE and before the RECEIPT', async () => {
      app.broker.setSnapshot('/topic/snap.exact', () => '{"snapshot":true}');
      const client = await connected();
      const beforeReceipt = await client.subscribe('/topic/snap.exact', 'sub-7');
      expect(beforeReceipt).toHaveLength(1);
      expect(beforeReceipt[0]?.headers).toMatchObject({
        subscription: 'sub-7',
        destination: '/topic/snap.exact',
      });
      expect(beforeReceipt[0]?.body).toBe('{"snapshot":true}');
    });

    it('answers a prefix snapshot with the concrete destination and lets an exact one win', async () => {
      app.broker.setSnapshot('/topic/pfx.*', (destination) => JSON.stringify({ destination }));
      app.broker.setSnapshot('/topic/pfx.BTCUSDT', () => '"exact"');
      const client = await connected();
      expect((await client.subscribe('/topic/pfx.EURUSD'))[0]?.body).toBe(
        '{"destination":"/topic/pfx.EURUSD"}',
      );
      expect((await client.subscribe('/topic/pfx.BTCUSDT', 'sub-1'))[0]?.body).toBe('"exact"');
    });

    it('sends no snapshot when the provider has nothing or was removed', async () => {
      app.broker.setSnapshot('/topic/empty.*', () => undefined);
      app.broker.setSnapshot('/topic/removed', () => '1');
      app.broker.setSnapshot('/topic/removed', undefined);
      const client = await connected();
      expect(await client.subscribe('/topic/empty.X')).toEqual([]);
      expect(await client.subscribe('/topic/removed', 'sub-1')).toEqual([]);
    });

    it('stops delivery after UNSUBSCRIBE', async () => {
      const client = await connected();
      await client.subscribe('/topic/unsub.a', 'a');
      await client.subscribe('/topic/unsub.b', 'b');
      client.frame('UNSUBSCRIBE', { id: 'a', receipt: 'u' });
      expect((await client.expect('RECEIPT')).headers['receipt-id']).toBe('u');
      expect(app.broker.hasSubscribers('/topic/unsub.a')).toBe(false);
      app.broker.publish('/topic/unsub.a', '"a"');
      app.broker.publish('/topic/unsub.b', '"b"');
      expect((await client.expect('MESSAGE')).body).toBe('"b"');
      expect(client.unread).toEqual([]);
    });

    it('reports subscribers per destination and forgets them when the socket closes', async () => {
      const client = await connected();
      await client.subscribe('/topic/watched');
      expect(app.broker.hasSubscribers('/topic/watched')).toBe(true);
      client.close();
      await client.closed;
      await expect.poll(() => app.broker.hasSubscribers('/topic/watched')).toBe(false);
    });
  });

  describe('RECEIPT and DISCONNECT', () => {
    it('answers any frame carrying a receipt header with RECEIPT', async () => {
      const client = await connected();
      client.frame('SUBSCRIBE', { id: '1', destination: '/topic/r', receipt: 'abc-1' });
      expect((await client.expect('RECEIPT')).headers['receipt-id']).toBe('abc-1');
    });

    it('sends the RECEIPT of DISCONNECT and then closes the socket', async () => {
      const client = await connected();
      client.frame('DISCONNECT', { receipt: 'bye' });
      expect((await client.expect('RECEIPT')).headers['receipt-id']).toBe('bye');
      expect(await client.closed).toBe(1000);
    });
  });

  describe('ERROR', () => {
    const subscribe = (headers: Record<string, string>, body = '') => encode('SUBSCRIBE', headers, body);
    it.each([
      ['a frame before CONNECT', false, subscribe({ id: '1', destination: '/topic/a' }), 'not connected'],
      ['an unknown command', true, encode('PUBLISH', { destination: '/topic/a' }), 'unknown command'],
      ['SEND', true, encode('SEND', { destination: '/topic/a' }, '{}'), 'read-only'],
      ['SUBSCRIBE without destination', true, subscribe({ id: '1' }), 'missing header'],
      ['SUBSCRIBE without id', true, subscribe({ destination: '/topic/a' }), 'missing header'],
      [
        'a destination outside /topic/',
        true,
        subscribe({ id: '1', destination: '/queue/a' }),
        'invalid destination',
      ],
      [
        'ack:client',
        true,
        subscribe({ id: '1', destination: '/topic/a', ack: 'client' }),
        'unsupported ack mode',
      ],
      [
        'an undefined header escape',
        true,
        subscribe({ id: 'a\\tb', destination: '/topic/a' }),
        'invalid header escape',
      ],
      [
        'a frame over 64 KiB',
        true,
        subscribe({ id: '1', destination: '/topic/a' }, 'x'.repeat(70_000)),
        'frame too large',
      ],
      ['a second CONNECT', true, encode('CONNECT', { 'accept-version': '1.2' }), 'already connected'],
    ])('answers %s with ERROR and closes', async (_case, connectFirst, payload, message) => {
      const client = await open();
      if (connectFirst) await client.connect();
      client.send(payload);
      const error = await client.expect('ERROR');
      expect(error.headers.message).toBe(message);
      expect(error.headers['content-type']).toBe('text/plain');
      expect(error.body.length).toBeGreaterThan(10);
      expect(await client.closed).toBe(1002);
    });

    it('answers a duplicate subscription id with ERROR carrying the receipt-id', async () => {
      const client = await connected();
      await client.subscribe('/topic/a', 'same');
      client.frame('SUBSCRIBE', { id: 'same', destination: '/topic/b', receipt: 'dup' });
      const error = await client.expect('ERROR');
      expect(error.headers).toMatchObject({ message: 'duplicate subscription', 'receipt-id': 'dup' });
      expect(await client.closed).toBe(1002);
    });
  });

  describe('framing', () => {
    it('unescapes received headers and escapes sent ones', async () => {
      const client = await connected();
      // On the wire: a\cb\\c\nd  →  a:b\c<LF>d
      client.frame('SUBSCRIBE', { id: 'a\\cb\\\\c\\nd', destination: '/topic/esc', receipt: 'x\\cy' });
      expect((await client.expect('RECEIPT')).headers['receipt-id']).toBe('x:y');
      app.broker.publish('/topic/esc', '1');
      expect((await client.expect('MESSAGE')).headers.subscription).toBe('a:b\\c\nd');
    });

    it('handles two frames in one WebSocket message', async () => {
      const client = await connected();
      client.send(
        encode('SUBSCRIBE', { id: '1', destination: '/topic/two', receipt: 'one' }) +
          encode('SUBSCRIBE', { id: '2', destination: '/topic/two-more', receipt: 'two' }),
      );
      expect((await client.expect('RECEIPT')).headers['receipt-id']).toBe('one');
      expect((await client.expect('RECEIPT')).headers['receipt-id']).toBe('two');
      expect(app.broker.stats().subscriptions).toBeGreaterThanOrEqual(2);
    });

    it('handles one frame split over several WebSocket messages with heart-beat EOLs between frames', async () => {
      const client = await connected();
      const frame = encode('SUBSCRIBE', { id: '1', destination: '/topic/split', receipt: 'split' });
      client.send('\n\r\n' + frame.slice(0, 12));
      client.send(frame.slice(12));
      expect((await client.expect('RECEIPT')).headers['receipt-id']).toBe('split');
    });

    it('honours content-length so a NUL inside the body does not end the frame', async () => {
      const client = await connected();
      client.send(
        encode(
          'SUBSCRIBE',
          { id: '1', destination: '/topic/nul', receipt: 'n1', 'content-length': '3' },
          'a\0b',
        ) + encode('UNSUBSCRIBE', { id: '1', receipt: 'n2' }),
      );
      expect((await client.expect('RECEIPT')).headers['receipt-id']).toBe('n1');
      expect((await client.expect('RECEIPT')).headers['receipt-id']).toBe('n2');
    });

    it('sends a body with a NUL inside intact thanks to content-length', async () => {
      const client = await connected();
      await client.subscribe('/topic/nul.out');
      app.broker.publish('/topic/nul.out', 'left\0right');
      const message = await client.expect('MESSAGE');
      expect(message.headers['content-length']).toBe('10');
      expect(message.body).toBe('left\0right');
    });
  });
});
