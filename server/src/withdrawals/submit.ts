/**
 * The submit of a withdrawal: the USD value leaves the real balance into the pending-withdrawal house account
 * in the same transaction that writes the waiting ticket, under the account lock every placement takes.
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import type { WithdrawalDestination } from '../../../src/core/contract/withdrawals';
import { compare, negate } from '../../../src/core/domain/decimal';
import { withdrawAmountProblem } from '../../../src/core/domain/withdraw-quote';
import type { Queryable } from '../db/types';
import type { BeforeCommit } from '../http/idempotency';
import { houseAccount, postTransaction } from '../ledger';
import { lockAccountAgainstPlacements } from '../trading';
import { LedgerKind, ledgerRef, PENDING_HOUSE, ticketUid } from './ids';
import { findWithdrawal, WITHDRAW_ACTION, type TicketRow } from './repo';
import { fail, realOnly, statusProblem, type Caller } from './status';
import {
  bankDestination,
  bankMeta,
  bankTarget,
  coinById,
  coinTarget,
  cryptoAddress,
  quoteOf,
  type Target,
} from './targets';

/** What the user submits (spec §7 `user/withdraw`): a coin and address, or a bank card. */
export interface SubmitInput {
  num: string;
  practicalNum: string;
  currencyId?: number;
  coinId?: number;
  paymentAddress?: string;
  userBankId?: number | string;
  withdrawType?: number;
}

/** The target, destination and card of a submit, checked before any lock is taken. */
interface Resolved {
  bank: boolean;
  target: Target;
  destination: WithdrawalDestination;
  bankCardId: string | null;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

async function resolve(app: FastifyInstance, caller: Caller, input: SubmitInput): Promise<Resolved> {
  const bank = input.userBankId !== undefined || input.withdrawType !== undefined;
  if (bank) {
    if (input.userBankId === undefined) return fail(Code.INCORRECT_PARAMETER, 'userBankId is required');
    const target = bankTarget(await bankMeta(app, caller.brandId, input.currencyId));
    const card = await bankDestination(app, caller, String(input.userBankId));
    return { bank, target, destination: card.destination, bankCardId: card.cardId };
  }
  const coinId = input.coinId ?? input.currencyId;
  if (coinId === undefined) return fail(Code.INCORRECT_PARAMETER, 'currencyId is required');
  const coin = await coinById(app, coinId);
  // The address is the caller's input: checked before the coin's price is looked up.
  const address = await cryptoAddress(app, caller, coin, input.paymentAddress);
  const target = coinTarget(app, coin);
  const destination = { kind: 'crypto', currency: coin.currency, protocol: coin.protocol, address } as const;
  return { bank, target, destination, bankCardId: null };
}

/**
 * Submits a withdrawal (see the module comment); answers the waiting ticket. `beforeCommit` runs in the
 * transaction with the ticket (the route stores its answer there, IK1).
 */
export async function submitWithdrawal(
  app: FastifyInstance,
  pendingAccount: (q: Queryable) => Promise<string>,
  caller: Caller,
  input: SubmitInput,
  beforeCommit: BeforeCommit<TicketRow>,
): Promise<TicketRow> {
  realOnly(caller);
  const { bank, target, destination, bankCardId } = await resolve(app, caller, input);
  const num = input.num;
  const range = withdrawAmountProblem(num, { min: target.min, max: target.max, usdPrice: target.usdPrice });
  if (range === 'decimals') fail(Code.INCORRECT_DECIMALS);
  if (range !== null) fail(Code.WITHDRAW_AMOUNT_INCORRECT);
  const sealed = app.cashier.sealer.seal(JSON.stringify(destination));

  return app.db.transaction(async (tx) => {
    // The lock every placement takes first: a second submit sees the first's ticket (1067), a placement
    // granted the lock before this one is counted by the fresh 1070 check below, and one granted it after
    // sees this ticket (406). Its version changes, so a one-statement placement cannot read around it.
    const account = await lockAccountAgainstPlacements(tx, caller.userId);
    const problem = await statusProblem(tx, caller, app.accounts.actionRules);
    if (problem !== null) fail(problem);
    const quote = quoteOf(target, num, account?.balance ?? '0');
    if (compare(quote.practical, '0') <= 0) fail(Code.WITHDRAW_VALUE_ZERO_SMALLER);
    if (compare(input.practicalNum, quote.practical) !== 0) fail(Code.NOT_CORRECT_AMOUNT);
    if (!account || quote.isOver) return fail(Code.INSUFFICIENT_BALANCE);
    const pending = await pendingAccount(tx);
    let row: { id: string; uid: string };
    try {
      const inserted = await tx.query<{ id: string; uid: string }>(
        `insert into cash_tickets (uid, user_id, action_type, method, coin_id, bank_card_id, destination_sealed,
           currency, amount, usd_amount, fee, practical)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id::text, uid`,
        [
          ticketUid(),
          caller.userId,
          WITHDRAW_ACTION,
          bank ? 'bank' : 'crypto',
          target.coin?.id ?? null,
          bankCardId,
          sealed,
          target.currency,
          num,
          quote.usdAmount,
          quote.fee,
          quote.practical,
        ],
      );
      row = inserted.rows[0] as { id: string; uid: string };
    } catch (error) {
      // The partial unique index: another submit of this user won the race.
      if (isUniqueViolation(error)) fail(Code.WITHDRAWAL_PENDING);
      throw error;
    }
    await postTransaction(
      tx,
      {
        kind: LedgerKind.hold,
        ref: ledgerRef(row.uid),
        postings: [
          { accountId: account.id, bucket: 'balance', amount: negate(quote.usdAmount) },
          { accountId: pending, bucket: 'balance', amount: quote.usdAmount },
        ],
      },
      { balance: Code.INSUFFICIENT_BALANCE, lock: Code.INSUFFICIENT_BALANCE },
    );
    const ticket = (await findWithdrawal(tx, row.id)) as TicketRow;
    await beforeCommit(tx, ticket);
    return ticket;
  });
}

/** The house account of pending withdrawals, found once. */
export function pendingAccountFinder(): (q: Queryable) => Promise<string> {
  let pendingId: string | undefined;
  return async (q) => {
    pendingId ??= (await houseAccount(q, PENDING_HOUSE)).id;
    return pendingId;
  };
}
