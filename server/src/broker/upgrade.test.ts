import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { RawStompClient } from './testing/raw-client';
import { startBrokerApp } from './testing/test-app';

type App = Awaited<ReturnType<typeof startBrokerApp>>;

describe('STOMP /market-ws', () => {
  describe('upgrade', () => {
    const apps: App[] = [];
    const start = async (options: Parameters<typeof startBrokerApp>[0] = {}) => {
      const started = await startBrokerApp(options);
      apps.push(started);
      return started;
    };
    afterEach(async () => {
      await Promise.all(apps.splice(0).map(({ app }) => app.close()));
    });

    it('admits any origin by default and picks the best STOMP subprotocol offered', async () => {
      const { url } = await start();
      const client = await RawStompClient.open(url, {
        origin: 'https://brand.example',
        protocols: ['v11.stomp', 'v10.stomp'],
      });
      expect(client.ws.protocol).toBe('v11.stomp');
      client.close();
    });

    it('accepts a client that offers no subprotocol', async () => {
      const { url } = await start();
      const client = await RawStompClient.open(url, { protocols: [] });
      expect(client.ws.protocol).toBe('');
      expect((await client.connect()).headers.version).toBe('1.2');
      client.close();
    });

    it('refuses a browser origin outside the allowed list with 403 but admits listed and origin-less clients', async () => {
      const { url, app } = await start({ allowedOrigins: ['https://brand.example/'] });
      await expect(RawStompClient.open(url, { origin: 'https://evil.example' })).rejects.toThrow('403');
      (await RawStompClient.open(url, { origin: 'https://BRAND.example' })).close();
      (await RawStompClient.open(url)).close();
      expect(app.broker.stats().refusedUpgrades).toBe(1);
    });

    it('accepts the path with a query string and leaves other paths to other upgrade listeners', async () => {
      const { url, app } = await start();
      (await RawStompClient.open(`${url}?lang=en`)).close();
      const other = new WebSocketServer({ noServer: true });
      app.server.on('upgrade', (request, socket, head) => {
        if (request.url === '/exchange-ws/1')
          other.handleUpgrade(request, socket, head, (ws) => ws.send('mine'));
      });
      const { port } = app.server.address() as AddressInfo;
      const ws = new WebSocket(`ws://127.0.0.1:${port}/exchange-ws/1`);
      const data = await new Promise<string>((resolve) => ws.once('message', (raw) => resolve(String(raw))));
      expect(data).toBe('mine');
      ws.terminate();
      other.close();
      expect(app.broker.stats().connections).toBe(0);
    });

    it('closes every socket with 1001 when the app closes', async () => {
      const { url, app } = await startBrokerApp();
      const client = await RawStompClient.open(url);
      await client.connect();
      await app.close();
      expect(await client.closed).toBe(1001);
    });
  });
});
