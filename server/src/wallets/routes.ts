import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  CashRecords,
  CryptoBalance,
  Transfer,
  TransferCalculate,
  WALLET_PAGE_SIZE,
  WalletOrders,
} from '../../../src/core/contract/wallets';
import { CODE_TEXT_ACTION, MoneyAlarmType } from '../../../src/core/contract/notifications';
import { compare } from '../../../src/core/domain/decimal';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { listCashRecords, listWalletRecords } from './repo';
import { quote, transfer, walletBalance } from './service';

/** The demo account has no wallets (spec §6): 23523 on a demo token. */
function realUser(request: FastifyRequest): string {
  if (request.auth.virtual) throw new BusinessError(Code.ILLEGAL_STATUS);
  return request.auth.userId;
}

/** The user's wallet routes of spec §7. */
export function walletsRoutes(app: FastifyInstance): void {
  route(app, CryptoBalance, async (_input, { request }) =>
    ok(await walletBalance(app, app.db, realUser(request))),
  );

  route(app, TransferCalculate, async (input, { request }) => {
    realUser(request);
    return ok(await quote(app, app.db, input));
  });

  route(app, Transfer, async (input, { request, answer }) => {
    const userId = realUser(request);
    const current = await quote(app, app.db, input);
    // The drawer shows a quote; if the price moved since, the user confirms the new one (1159).
    if (
      compare(current.fee, input.fee) !== 0 ||
      compare(current.practical, input.practical) !== 0 ||
      current.unit !== input.unit
    ) {
      throw new BusinessError(Code.TRANSFER_FAILED, 'the quote changed, please confirm the new amounts');
    }
    // The notice of what arrived and the answer (with the balances after the transfer) commit with the
    // transfer (AN1, IK1); the notice is pushed once all are committed.
    const { answered, notified } = await app.db.transaction(async (tx) => {
      const uid = await transfer(tx, userId, input, current);
      const notice = await app.notifications.notify(tx, {
        userId,
        alarmType: MoneyAlarmType.transferDone,
        actionType: CODE_TEXT_ACTION,
        paymentPrice: current.practical,
        paymentUnit: current.unit,
      });
      const result = ok({ uid, quote: current, balance: await walletBalance(app, tx, userId) });
      await answer.record(tx, result);
      return { answered: result, notified: notice };
    });
    await notified.publish();
    return answered;
  });

  route(app, WalletOrders, async (input, { request }) => {
    const pageSize = input.pageSize ?? WALLET_PAGE_SIZE;
    const { list, total } = await listWalletRecords(
      app.db,
      realUser(request),
      input.orderType,
      input.pageNum,
      pageSize,
    );
    return ok({ list, pageNum: input.pageNum, pages: Math.ceil(total / pageSize), total });
  });

  route(app, CashRecords, async (input, { request }) => {
    const pageSize = input.pageSize ?? WALLET_PAGE_SIZE;
    const filter = {
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
    };
    const { list, total } = await listCashRecords(app.db, realUser(request), filter, input.pageNum, pageSize);
    return ok({ list, pageNum: input.pageNum, pages: Math.ceil(total / pageSize), total });
  });
}
