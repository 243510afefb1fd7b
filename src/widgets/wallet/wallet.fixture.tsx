/**
 * Renders <Wallet> on a real platform and session (core/session's scripted-server harness) over a scripted
 * wallet server, with an IntersectionObserver moved into view by hand.
 */
import { vi } from 'vitest';
import type { SystemConfigEntry } from '../../core/contract';
import type { CashRecord, WalletBalance, WalletRecord } from '../../core/contract/wallets';
import { createHarness } from '../../core/session/session.fixture';
import type { Answer, Handler } from '../../core/session/session.fixture';
import { renderWidget } from '../_shared/widget-render.fixture';
import type { RenderedWidget } from '../_shared/widget-render.fixture';
import { Wallet } from './wallet';
import type { WalletProps } from './wallet';
import { FakeIntersectionObserver } from '../_shared/fake-intersection-observer.fixture';

export { FakeIntersectionObserver };

/** One deposit/withdraw record. */
export function cashRecord(overrides: Partial<CashRecord> = {}): CashRecord {
  return {
    id: '1',
    uid: 'D1',
    actionType: 0,
    method: 'crypto',
    payPrice: '1000',
    currency: 'USDT',
    protocol: 'TRC20',
    fee: '0',
    practical: '1000',
    depositUsdPrice: '1000',
    withdrawUsdPrice: null,
    submitTimeTs: Date.UTC(2026, 0, 15, 9, 30),
    payState: 'success',
    reason: '',
    ...overrides,
  };
}

/** One wallet record. */
export function walletRecord(overrides: Partial<WalletRecord> = {}): WalletRecord {
  return {
    id: '1',
    orderType: 0,
    currency: 'USDT',
    uid: 'WT1',
    orderQuantity: '100',
    unit: 'USDT',
    orderTime: Date.UTC(2026, 0, 15, 9, 30),
    ...overrides,
  };
}

/** A balance answer: USD first, then USDT and BTC. */
export function walletBalance(usd = '500', usdt = '100', btc = '0.5'): WalletBalance {
  return {
    list: [
      { currency: 'USD', currencyId: 0, unit: 'USD', balance: usd, usdBalance: usd, icon: '/coins/usd.svg' },
      {
        currency: 'USDT',
        currencyId: 1,
        unit: 'USDT',
        balance: usdt,
        usdBalance: usdt,
        icon: '/coins/usdt.svg',
      },
      {
        currency: 'BTC',
        currencyId: 3,
        unit: 'BTC',
        balance: btc,
        usdBalance: '32000.00',
        icon: '/coins/btc.svg',
      },
    ],
    totalBalance: '32600.00',
  };
}

/** A page of `rows` (newest first) for a `{pageNum, pageSize}` body. */
export function pageOf<T>(rows: T[], body: Record<string, unknown>): Answer {
  const pageNum = Number(body.pageNum);
  const pageSize = Number(body.pageSize ?? 10);
  const list = rows.slice((pageNum - 1) * pageSize, pageNum * pageSize);
  return { code: 0, data: { list, pageNum, pages: Math.ceil(rows.length / pageSize), total: rows.length } };
}

/** A rendered wallet with its harness. */
export type RenderedWallet = RenderedWidget;

/** Render `<Wallet {...props}>` signed in to the real account (unless told otherwise) over `handlers`. */
export async function renderWallet(
  props: WalletProps,
  options: {
    handlers?: Record<string, Handler>;
    signedIn?: boolean;
    virtual?: boolean;
    systemConfigs?: SystemConfigEntry[];
  } = {},
): Promise<RenderedWallet> {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const h = createHarness({
    systemConfigs: options.systemConfigs ?? [],
    handlers: {
      'waa/user/crypto/getBalance': () => ({ code: 0, data: walletBalance() }),
      'waa/walletRecharge/web/rechargeStatus': (body) => pageOf([], body),
      'waa/user/crypto/order': (body) => pageOf([], body),
      'waa/order/query': () => ({
        code: 0,
        data: { list: [], page: 1, pages: 0, total: 0, profitLossToday: '0', profitLossTotal: '0' },
      }),
      ...options.handlers,
    },
  });
  return renderWidget(h, <Wallet {...props} />, {
    signedIn: options.signedIn,
    virtual: options.virtual,
    cleanup: () => {
      FakeIntersectionObserver.live.clear();
      vi.unstubAllGlobals();
    },
  });
}
