/**
 * Renders <History> on a real platform and session (core/session's scripted-server harness) with a
 * scripted order/query and an IntersectionObserver the test moves into view by hand.
 */
import type { RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import type { MarketOrder } from '../../core/contract/trading';
import { marketOrder, positionSummary } from '../../core/feeds/exchange-feed.fixture';
import { createHarness } from '../../core/session/session.fixture';
import type { Answer, Handler, Harness } from '../../core/session/session.fixture';
import { renderOn, signInTo } from '../_shared/widget-render.fixture';
import { History } from './history';
import type { HistoryProps } from './history';
import { FakeIntersectionObserver } from '../_shared/fake-intersection-observer.fixture';

export { FakeIntersectionObserver };

/** `count` closed orders with ids `${prefix}1…`. */
export function orders(count: number, prefix = 'o', overrides: Partial<MarketOrder> = {}): MarketOrder[] {
  return Array.from({ length: count }, (_, i) =>
    marketOrder({ id: `${prefix}${i + 1}`, uid: `U${prefix}${i + 1}`, positionStatus: 3, ...overrides }),
  );
}

/** An order/query answer. */
export function page(
  list: MarketOrder[],
  pageNo: number,
  pages: number,
  extra: Record<string, unknown> = {},
): Answer {
  return {
    code: 0,
    data: {
      list,
      page: pageNo,
      pages,
      total: pages * 10,
      profitLossToday: '-2.50',
      profitLossTotal: '120.00',
      summary: positionSummary(),
      ...extra,
    },
  };
}

/** A rendered widget with its harness. */
export interface RenderedHistory extends RenderResult {
  h: Harness;
  close(): void;
}

/** Render `<History {...props}>` signed in; `query` answers order/query (and queryMock). */
export async function renderHistory(
  props: HistoryProps,
  query: (body: Record<string, unknown>) => Answer,
  options: { signedIn?: boolean; virtual?: boolean; handlers?: Record<string, Handler> } = {},
): Promise<RenderedHistory> {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const h = createHarness({
    handlers: { 'waa/order/query': query, 'waa/order/queryMock': query, ...options.handlers },
  });
  await h.platform.ready;
  if (options.signedIn ?? true) await signInTo(h, options.virtual);
  const result = await renderOn(h, <History {...props} />);
  return {
    ...result,
    h,
    close: () => {
      result.unmount();
      h.session.close();
      h.platform.close();
      FakeIntersectionObserver.live.clear();
      vi.unstubAllGlobals();
    },
  };
}
