/**
 * Renders <Loan> on a real platform and session (core/session's scripted-server harness) over a scripted loan
 * server that keeps one loan and its repayments in memory, answering `userLoan/*` as the server does for the
 * cases the widget shows (1149 on a second application, 1036 on a refused amount).
 */
import type { Loan as LoanDto, Repayment } from '../../core/contract/loans';
import type { SystemConfigEntry } from '../../core/contract/types';
import { fakeSocketFactory } from '../../core/feeds/exchange-feed.fixture';
import { createHarness } from '../../core/session/session.fixture';
import { createOrders, setOrdersForTests } from '../../core/state/orders';
import type { Answer, Handler } from '../../core/session/session.fixture';
import { renderWidget } from '../_shared/widget-render.fixture';
import type { RenderedWidget } from '../_shared/widget-render.fixture';
import { Loan } from './loan';
import type { LoanProps } from './loan';

/** 2026-12-06 12:00 UTC: the repayment date of the scripted active loan. */
export const DUE = Date.parse('2026-12-06T12:00:00Z');

export const loanDto = (patch: Partial<LoanDto> = {}): LoanDto => ({
  id: '7',
  uid: 'L20261129000000000007',
  amount: '50000.00000000',
  days: 7,
  guarantor: '10000008',
  repaymentDate: DUE,
  status: 1,
  remark: '',
  amountOwed: '50000.00000000',
  ...patch,
});

export const repaymentDto = (patch: Partial<Repayment> = {}): Repayment => ({
  id: '31',
  createTime: Date.parse('2026-11-30T08:00:00Z'),
  amount: '1000.00000000',
  amountOwed: '49000.00000000',
  status: 1,
  remark: '',
  ...patch,
});

/** The scripted loan server's state: what the status check answers and the repayments, newest first. */
export interface LoanServer {
  loan: LoanDto | null;
  repayments: Repayment[];
}

export function loanHandlers(server: LoanServer): Record<string, Handler> {
  return {
    'waa/userLoan/checkUserLoan': (): Answer => ({ code: 0, data: { dto: server.loan } }),
    'waa/userLoan/getRepayment': (): Answer => ({ code: 0, data: { dtoList: server.repayments } }),
    'waa/userLoan/insert': (body): Answer => {
      if (server.loan?.status === 0) return { code: 1149, msg: 'loan application in progress' };
      server.loan = loanDto({
        id: '8',
        amount: String(body.amount),
        days: Number(body.days),
        guarantor: String(body.guarantor),
        status: 0,
        repaymentDate: null,
        amountOwed: '0',
      });
      return { code: 0, data: { dto: server.loan } };
    },
    'waa/userLoan/insertRepayment': (body): Answer => {
      const owed = Number(server.loan?.amountOwed ?? 0);
      const dto = repaymentDto({
        id: String(40 + server.repayments.length),
        amount: String(body.amount),
        amountOwed: String(owed - Number(body.amount)),
        status: 0,
      });
      server.repayments = [dto, ...server.repayments];
      return { code: 0, data: { dto } };
    },
  };
}

export type RenderedLoan = RenderedWidget & {
  server: LoanServer;
  /** The page's exchange sockets (the notification pushes arrive on the last one). */
  sockets: ReturnType<typeof fakeSocketFactory>;
};

/** Render `<Loan {...props}>` signed in (unless told otherwise) on a brand with `user/loan` (unless told). */
export async function renderLoan(
  props: LoanProps = {},
  options: {
    signedIn?: boolean;
    demo?: boolean;
    systemConfigs?: SystemConfigEntry[];
    server?: Partial<LoanServer>;
    handlers?: Record<string, Handler>;
  } = {},
): Promise<RenderedLoan> {
  const server: LoanServer = { loan: null, repayments: [], ...options.server };
  const h = createHarness({
    systemConfigs: options.systemConfigs ?? [{ name: 'user/loan', enable: true }],
    handlers: { ...loanHandlers(server), ...options.handlers },
  });
  const sockets = fakeSocketFactory();
  const orders = createOrders(h.platform, { socketFactory: sockets.factory });
  setOrdersForTests(h.platform, orders);
  const view = await renderWidget(h, <Loan {...props} />, {
    signedIn: options.signedIn,
    virtual: options.demo,
    cleanup: () => orders.feed.close(),
  });
  return { ...view, server, sockets };
}
