/**
 * Renders <Positions> on a real platform and session (core/session's scripted-server harness) with a fake
 * exchange socket, signed in unless told otherwise.
 */
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { OptionOrder } from '../../core/contract/options';
import type { RenderResult } from '@testing-library/react';
import type { ExchangeOrderMessage, MarketOrder } from '../../core/contract/trading';
import { fakeSocketFactory, orderMessage } from '../../core/feeds/exchange-feed.fixture';
import type { MarketFeedOptions } from '../../core/feeds/market-feed';
import { createHarness, makeToken } from '../../core/session/session.fixture';
import type { Handler, Harness } from '../../core/session/session.fixture';
import { createOrders, setOrdersForTests } from '../../core/state/orders';
import { PlatformProvider } from '../_shared/platform-context';
import { Positions } from './positions';
import type { PositionsProps } from './positions';

/** A rendered widget with its harness and its socket. */
export interface RenderedPositions extends RenderResult {
  h: Harness;
  sockets: ReturnType<typeof fakeSocketFactory>;
  /** Deliver a list of one kind on the open socket (inside act). */
  push(
    kind: ExchangeOrderMessage['ordertype'],
    list: MarketOrder[],
    extra?: Partial<ExchangeOrderMessage>,
  ): void;
  close(): void;
}

/** Render `<Positions {...props}>`, signed in (real account) unless told otherwise, with the socket open. */
export async function renderPositions(
  props: PositionsProps = {},
  options: {
    signedIn?: boolean;
    virtual?: boolean;
    handlers?: Record<string, Handler>;
    /** The market feed's client (a fake one for live prices). */
    clientFactory?: MarketFeedOptions['clientFactory'];
  } = {},
): Promise<RenderedPositions> {
  const virtual = options.virtual ?? false;
  const h = createHarness({ handlers: options.handlers, clientFactory: options.clientFactory });
  await h.platform.ready;
  if (options.signedIn ?? true) {
    const exp = Math.floor(Date.now() / 1000) + 900;
    await h.session.signIn({
      token: makeToken({ exp, virtualStatus: virtual ? '1' : '0' }),
      refreshToken: 'r-1',
      qrcodeStatus: 1,
      expiresAt: exp * 1000,
    });
  }
  const sockets = fakeSocketFactory();
  const orders = createOrders(h.platform, { socketFactory: sockets.factory });
  setOrdersForTests(h.platform, orders);
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <PlatformProvider platform={h.platform}>
        <Positions {...props} />
      </PlatformProvider>,
    );
  });
  if (sockets.sockets.length > 0) act(() => sockets.last().acceptOpen());
  return {
    ...result,
    h,
    sockets,
    push: (kind, list, extra) =>
      act(() => sockets.last().deliver(orderMessage(kind, list, { virtual, ...extra }))),
    close: () => {
      result.unmount();
      orders.feed.close();
      h.session.close();
      h.platform.close();
    },
  };
}

/** The fake clock's start in the option tests. */
export const OPTION_START = Date.UTC(2025, 0, 6, 10, 0, 0);

/** A running EUR/USD option of 60 s expiring `leftMs` after OPTION_START. */
export function runningOption(
  uid: string,
  leftMs: number,
  overrides: Partial<OptionOrder> = {},
): OptionOrder {
  return {
    id: uid.toLowerCase(),
    uid,
    optionsProductId: 1,
    orderType: 0,
    tradePair: 'EURUSD',
    productName: 'EUR/USD',
    price: '1.08412',
    priceEnd: null,
    rate: '0.85',
    feeAmount: '0.20',
    amount: '100',
    timeLong: 60,
    beginTime: OPTION_START + leftMs - 60_000,
    endTime: OPTION_START + leftMs,
    completeTime: null,
    winLost: null,
    positionStatus: 0,
    ...overrides,
  };
}

/** Each test of the file runs on fake timers from OPTION_START; after it, `close` and real timers again. */
export function useOptionClock(close: () => void): void {
  beforeEach(() => {
    vi.useFakeTimers({
      now: OPTION_START,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });
  afterEach(() => {
    close();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** Let `ms` of fake time pass, with React's updates. */
export const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
