import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing';
import { clientAddress } from './client-address';

/** A raw request from the socket peer `peer` with the given X-Forwarded-For header. */
const upgrade = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('clientAddress (the address a WebSocket upgrade is counted under)', () => {
  it.each([
    ['no proxy trusted: the peer, whatever the header says', false, '203.0.113.7', 'a, b', '203.0.113.7'],
    ['a trusted proxy: the address it received from', 'loopback', '127.0.0.1', '203.0.113.7', '203.0.113.7'],
    [
      'a trusted proxy: what the client wrote before it is ignored',
      'loopback',
      '127.0.0.1',
      '198.51.100.99, 203.0.113.7',
      '203.0.113.7',
    ],
    [
      'two trusted proxies: followed while the hop is trusted',
      '10.0.0.0/8',
      '10.0.0.2',
      '198.51.100.99, 203.0.113.7, 10.0.0.5',
      '203.0.113.7',
    ],
    [
      'a peer that is no trusted proxy: the peer itself',
      'loopback',
      '198.51.100.1',
      '203.0.113.7',
      '198.51.100.1',
    ],
    ['a trusted proxy without the header: the proxy', 'loopback', '127.0.0.1', undefined, '127.0.0.1'],
    [
      'every hop trusted: the leftmost entry',
      true,
      '127.0.0.1',
      '198.51.100.99, 203.0.113.7',
      '198.51.100.99',
    ],
    ['every hop trusted, no header: the peer', true, '127.0.0.1', undefined, '127.0.0.1'],
  ] as const)('%s', (_, trust, peer, header, expected) =>
    expect(clientAddress(upgrade(peer, header), trust)).toBe(expected),
  );
});

describe('TRUST_PROXY with the proxy addresses, through the HTTP limits', () => {
  it('keys the per-address captcha limit on the address the trusted proxy saw, not on what the client wrote', async () => {
    const app = await buildTestApp({ modules: { market: false, broker: false }, trustProxy: 'loopback' });
    try {
      const draw = (forwardedFor: string) =>
        app.inject({
          method: 'POST',
          url: '/v1/wa-na/getImageCode',
          payload: {},
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // Twenty from one client, each claiming another address in front of the proxy's entry.
      for (let i = 0; i < 20; i++) expect((await draw(`198.51.100.${i}, 203.0.113.7`)).json().code).toBe(0);
      expect((await draw('198.51.100.250, 203.0.113.7')).json().code).toBe(23554);
      expect((await draw('203.0.113.8')).json().code).toBe(0);
    } finally {
      await app.close();
    }
  }, 60_000);
});
