import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketFactory } from './exchange-feed.fixture';
import { openVisitorChannel } from './support-visitor-socket';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const push = {
  ordertype: 'support',
  kind: 'closed',
  conversation: { id: '3', status: 'closed', assignedTo: null, createdAt: 1, closedAt: 2 },
};

function setup(tickets: (string | null | Error)[]) {
  const sockets = fakeSocketFactory();
  const heard: unknown[] = [];
  const opened = vi.fn();
  const ticket = vi.fn(async () => {
    const next = tickets.shift() ?? null;
    if (next instanceof Error) throw next;
    return next;
  });
  const stop = openVisitorChannel({
    url: 'wss://platform.test/exchange-ws/support-visitor',
    ticket,
    onPush: (p) => heard.push(p),
    onOpen: opened,
    socketFactory: sockets.factory,
  });
  return { sockets, heard, opened, ticket, stop };
}

describe('openVisitorChannel', () => {
  it('sends the ticket first, hears support pushes only, and reconnects with a fresh ticket', async () => {
    const { sockets, heard, opened, ticket, stop } = setup(['t-1', 't-2']);
    await vi.waitFor(() => expect(sockets.sockets).toHaveLength(1));
    sockets.last().acceptOpen();
    expect(sockets.last().sent).toEqual(['{"ticket":"t-1"}']);
    expect(opened).not.toHaveBeenCalled();
    sockets.last().deliver({ ordertype: 'supportReady' });
    expect(opened).toHaveBeenCalledTimes(1);
    sockets.last().deliver({ ordertype: 'notification', unread: 1 });
    sockets.last().deliver(push);
    expect(heard).toEqual([push]);
    sockets.last().serverClose(1006);
    await vi.advanceTimersByTimeAsync(500);
    expect(ticket).toHaveBeenCalledTimes(2);
    expect(sockets.sockets).toHaveLength(2);
    sockets.last().acceptOpen();
    expect(sockets.last().sent).toEqual(['{"ticket":"t-2"}']);
    sockets.last().deliver({ ordertype: 'supportReady' });
    expect(opened).toHaveBeenCalledTimes(2);
    stop();
    expect(sockets.last().closedByClient).toBe(1000);
  });

  it('retries a failed ticket call and stops when the visitor has no conversation', async () => {
    const { sockets, ticket } = setup([new Error('offline'), null]);
    await vi.advanceTimersByTimeAsync(500);
    expect(ticket).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ticket).toHaveBeenCalledTimes(2);
    expect(sockets.sockets).toHaveLength(0);
  });
});
