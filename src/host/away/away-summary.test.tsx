// @vitest-environment jsdom
/** "While you were away" on the host (issue #25, WA6–WA8): return detection, one call per return, the dialog. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwayRead, type AwaySummary } from '../../core/contract/away';
import type { CallResult } from '../../core/runtime/types';
import { fakePlatform, renderWithPlatform } from '../test-support';
import { AwaySummaryHost } from './away-summary';
import {
  AWAY_MIN_MS,
  lastVisitKey,
  readLastVisit,
  returnSince,
  trackVisits,
  VISIT_BEAT_MS,
  writeLastVisit,
} from './last-visit';

const hoisted = vi.hoisted(() => ({
  state: { status: 'signedIn', uid: '1234567', virtual: false } as { status: string; uid?: string },
  platform: null as unknown,
}));
vi.mock(import('../session/use-host-session'), () => ({
  useHostSession: () => ({ platform: hoisted.platform, state: hoisted.state }) as never,
}));

const UID = '1234567';
const START = Date.parse('2026-12-02T10:00:00Z');
const MINUTE = 60_000;
let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: START });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  visibility = 'visible';
  localStorage.clear();
  hoisted.state = { status: 'signedIn', uid: UID };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the last visit', () => {
  it('is a return only after ten minutes away, and never from the future or from nothing', () => {
    expect(returnSince(null, START)).toBeNull();
    expect(returnSince(START - AWAY_MIN_MS + 1, START)).toBeNull();
    expect(returnSince(START - AWAY_MIN_MS, START)).toBe(START - AWAY_MIN_MS);
    expect(returnSince(START + 1, START)).toBeNull();
  });

  it('reads a damaged or blocked value as never here', () => {
    localStorage.setItem(lastVisitKey(UID), 'yesterday');
    expect(readLastVisit(UID)).toBeNull();
    localStorage.setItem(lastVisitKey(UID), '-5');
    expect(readLastVisit(UID)).toBeNull();
    writeLastVisit(UID, START);
    expect(readLastVisit(UID)).toBe(START);
    // Another trader on the same device keeps a time of their own.
    expect(readLastVisit('7654321')).toBeNull();
  });

  it('reports each return once, keeps the time fresh while visible and records leaving', () => {
    const returns: number[] = [];
    const track = () =>
      trackVisits({ uid: UID, now: () => Date.now(), onReturn: (since) => returns.push(since) });

    // A first visit has nothing to compare with.
    let stop = track();
    expect(returns).toEqual([]);
    expect(readLastVisit(UID)).toBe(START);
    vi.advanceTimersByTime(VISIT_BEAT_MS);
    expect(readLastVisit(UID)).toBe(START + MINUTE);

    // Hidden for five minutes: no return; the time of hiding was recorded.
    setVisibility('hidden');
    vi.setSystemTime(START + 6 * MINUTE);
    setVisibility('visible');
    expect(returns).toEqual([]);
    expect(readLastVisit(UID)).toBe(START + 6 * MINUTE);

    // Hidden for eleven minutes: one return from the moment it was hidden; no beat ran while hidden.
    vi.setSystemTime(START + 7 * MINUTE);
    setVisibility('hidden');
    vi.advanceTimersByTime(11 * MINUTE);
    expect(readLastVisit(UID)).toBe(START + 7 * MINUTE);
    setVisibility('visible');
    expect(returns).toEqual([START + 7 * MINUTE]);
    // The same return is not reported again by a second visible event nor by a reload right after.
    setVisibility('visible');
    stop();
    stop = track();
    expect(returns).toEqual([START + 7 * MINUTE]);

    // The page closed (pagehide) and opened again an hour later: a return from the close.
    window.dispatchEvent(new Event('pagehide'));
    const closedAt = Date.now();
    stop();
    vi.setSystemTime(closedAt + 60 * MINUTE);
    stop = track();
    expect(returns).toEqual([START + 7 * MINUTE, closedAt]);
    stop();
  });
});

function summary(over: Partial<AwaySummary> = {}): AwaySummary {
  const none = { count: 0, latest: [] };
  return {
    sinceTs: START - 60 * MINUTE,
    clamped: false,
    untilTs: START,
    virtual: false,
    fills: none,
    closes: none,
    closesProfitLoss: '0',
    settlements: none,
    alerts: none,
    tickets: none,
    ...over,
  };
}

function mount(answer: AwaySummary) {
  const calls: Array<Record<string, unknown>> = [];
  const platform = fakePlatform({
    call: (async (endpoint: unknown, body: Record<string, unknown>) => {
      if (endpoint !== AwayRead) return { ok: false, code: 'network', message: 'offline' };
      calls.push(body);
      return {
        ok: true,
        data: answer,
        envelope: { code: 0, msg: '', data: answer },
      } as CallResult<AwaySummary>;
    }) as never,
  });
  hoisted.platform = platform;
  renderWithPlatform(<AwaySummaryHost />, platform);
  return calls;
}

describe('<AwaySummaryHost>', () => {
  const news = summary({
    closes: {
      count: 2,
      latest: [
        { orderId: 'O2', symbol: 'EURUSD', reason: 'stop_out', profitLoss: '-100', atTs: START - MINUTE },
        {
          orderId: 'O1',
          symbol: 'BTCUSDT',
          reason: 'take_profit',
          profitLoss: '30.25',
          atTs: START - 2 * MINUTE,
        },
      ],
    },
    closesProfitLoss: '-69.75',
    tickets: {
      count: 1,
      latest: [
        { ticketId: 'T1', kind: 'deposit', state: 'success', currency: 'USDT', amount: '100', atTs: START },
      ],
    },
  });

  it('shows one dialog on a return with the counts, the latest items and links, dismissed with one button', async () => {
    writeLastVisit(UID, START - 60 * MINUTE);
    const calls = mount(news);
    const dialog = await screen.findByTestId('away-summary');
    expect(calls).toEqual([{ since: START - 60 * MINUTE }]);
    expect(dialog.textContent).toContain('While you were away');
    expect(screen.getByTestId('away-closes').textContent).toContain('Positions closed for you2');
    expect(screen.getByText('Realised P&L: -69.75 USD')).toBeTruthy();
    expect(screen.getByText('EURUSD · Stop-out · -100.00 USD')).toBeTruthy();
    expect(screen.getByText('BTCUSDT · Take profit · +30.25 USD')).toBeTruthy();
    expect(screen.getByText('Deposit of 100.00000000 USDT approved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Trade history' }).getAttribute('href')).toBe('/history');
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe(
      '/user/notification',
    );
    expect(screen.queryByTestId('away-fills')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByTestId('away-summary')).toBeNull();
    // Shown again right after: not a new return.
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    expect(calls).toHaveLength(1);
  });

  it('shows nothing when nothing happened, nor on a first visit, nor for a visitor', async () => {
    writeLastVisit(UID, START - 60 * MINUTE);
    const calls = mount(summary());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('away-summary')).toBeNull();
    cleanup();

    localStorage.clear();
    const first = mount(news);
    expect(first).toHaveLength(0);
    expect(readLastVisit(UID)).toBe(START);
    cleanup();

    hoisted.state = { status: 'signedOut' };
    localStorage.clear();
    const visitor = mount(news);
    expect(visitor).toHaveLength(0);
    expect(localStorage.length).toBe(0);
  });
});
