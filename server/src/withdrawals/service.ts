/**
 * Withdrawals: the status check, the fee quotes, the submit (the USD value leaves the real balance into the
 * pending-withdrawal house account in the same transaction that writes the waiting ticket) and the review
 * (approve pays out of the pending account, reject refunds it and notifies 629005), each exactly once.
 * Addresses and bank accounts are read and written only sealed; none of them is logged or put in a message.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { AlarmType, CODE_TEXT_ACTION } from '../../../src/core/contract/notifications';
import type { WithdrawalDestination, WithdrawQuoteData } from '../../../src/core/contract/withdrawals';
import { compare, negate, normalize } from '../../../src/core/domain/decimal';
import {
  quoteWithdrawal,
  tooManyDecimals,
  withdrawAmountProblem,
  type WithdrawQuote,
} from '../../../src/core/domain/withdraw-quote';
import { brandFlag } from '../accounts';
import { recordAudit } from '../cashier';
import { coinUsdPrice, findCoin, type Coin } from '../cashier';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { findUserAccount, HouseAccount, houseAccount, postTransaction } from '../ledger';
import type { Notified } from '../notifications';
import { decodeField, FieldCodecError, sessionAesKey } from '../cashier';
import {
  findBankMeta,
  findWithdrawal,
  hasOpenPositions,
  hasWaitingWithdrawal,
  tradedVolume,
  withdrawalFrozen,
  withdrawalRules,
  WITHDRAW_ACTION,
  type BankMetaRow,
  type TicketRow,
} from './repo';

/** House account holding submitted withdrawals until an operator decides them. */
export const PENDING_HOUSE = 'house_withdraw_pending';
/** Ledger kinds of the three movements of a withdrawal. */
export const LedgerKind = {
  hold: 'withdraw_hold',
  payout: 'withdraw_payout',
  refund: 'withdraw_refund',
} as const;
/** Longest crypto address accepted (decoded). */
const ADDRESS_MAX = 256;
/** Crypto addresses (and memos) are printable ASCII without spaces. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** Who is asking: the session's user, brand and mode. */
export interface Caller {
  userId: string;
  brandId: string;
  sessionId: string;
  virtual: boolean;
}

/** What is withdrawn: a coin or the bank-card withdrawal, with its limits, fee rule and USD price. */
interface Target {
  currency: string;
  min: string;
  max: string;
  feeType: string;
  feeNum: string;
  usdPrice: string;
  coin: Coin | null;
}

const fail = (code: number, message?: string): never => {
  throw new BusinessError(code, message);
};

function coinTarget(app: FastifyInstance, coin: Coin): Target {
  const usdPrice = coinUsdPrice(coin, app.cashier.bidOf) ?? fail(Code.TRY_AGAIN_LATER);
  return {
    currency: coin.currency,
    min: coin.minWithdraw,
    max: coin.maxWithdraw,
    feeType: coin.feeType,
    feeNum: coin.feeNum,
    usdPrice,
    coin,
  };
}

function bankTarget(meta: BankMetaRow): Target {
  return {
    currency: meta.currency,
    min: meta.minWithdraw,
    max: meta.maxWithdraw,
    feeType: meta.feeType,
    feeNum: meta.feeNum,
    usdPrice: '1',
    coin: null,
  };
}

/** The quote of `num` against `balance`; 1065 for more than 5 decimals, 1073 for an unknown fee type. */
function quoteOf(target: Target, num: string, balance: string): WithdrawQuote {
  if (tooManyDecimals(num)) fail(Code.INCORRECT_DECIMALS);
  const result = quoteWithdrawal({
    num,
    feeType: target.feeType,
    feeNum: target.feeNum,
    usdPrice: target.usdPrice,
    balance,
  });
  if ('error' in result) return fail(Code.WITHDRAW_ERROR, result.error);
  return result.quote;
}

function quoteData(target: Target, quote: WithdrawQuote): WithdrawQuoteData {
  return {
    type: quote.type,
    feeType: quote.feeType,
    feeNum: quote.feeNum,
    fee: quote.fee,
    feeUsd: quote.feeUsd,
    practical: quote.practical,
    isOver: quote.isOver,
    afterBalance: quote.afterBalance,
    usdAmount: quote.usdAmount,
    currency: target.currency,
    usdPrice: normalize(target.usdPrice),
  };
}

/** A new ticket number: `W` + UTC time to the second + 6 random digits. */
function ticketUid(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `W${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** The service over the app (database, cashier core, notifications). */
export function createWithdrawalService(app: FastifyInstance) {
  const db = app.db;

  async function balanceOf(q: Queryable, userId: string): Promise<string> {
    return (await findUserAccount(q, userId, 'real'))?.balance ?? '0';
  }

  /** The first refusal of the status check (spec §4: 1066, 1067, 1070, 23557), or null. */
  async function statusProblem(q: Queryable, caller: Caller): Promise<number | null> {
    if (await withdrawalFrozen(q, caller.userId)) return Code.ACCOUNT_ANOMALY;
    if (await hasWaitingWithdrawal(q, caller.userId)) return Code.WITHDRAWAL_PENDING;
    const rules = await withdrawalRules(q, caller.brandId);
    if (rules.blockOpenPositions && (await hasOpenPositions(q, caller.userId))) return Code.OPEN_POSITIONS;
    if (rules.minTradedVolume !== null) {
      const volume = await tradedVolume(q, caller.userId);
      if (compare(volume, rules.minTradedVolume) < 0) return Code.TRADING_VOLUME_INSUFFICIENT;
    }
    return null;
  }

  function realOnly(caller: Caller): void {
    // Spec §6: the demo account offers no withdrawal.
    if (caller.virtual) fail(Code.INCORRECT_PARAMETER, 'withdrawals are not offered on the demo account');
  }

  async function coinById(id: number): Promise<Coin> {
    return (await findCoin(db, id)) ?? fail(Code.COIN_NOT_FOUND);
  }

  async function bankMeta(brandId: string, id?: number): Promise<BankMetaRow> {
    if (!brandFlag(app, brandId, 'user/bankCard')) return fail(Code.DATA_NOT_FOUND);
    return (await findBankMeta(db, id)) ?? fail(Code.DATA_NOT_FOUND);
  }

  /** The crypto destination: the typed address (decoded with the session's key) or the saved one. */
  async function cryptoAddress(caller: Caller, coin: Coin, encoded: string | undefined): Promise<string> {
    if (encoded !== undefined && encoded.trim() !== '') {
      const key = await sessionAesKey(db, caller.sessionId);
      let address: string;
      try {
        address = decodeField(encoded, key).trim();
      } catch (error) {
        if (error instanceof FieldCodecError)
          return fail(Code.INCORRECT_PARAMETER, 'paymentAddress does not decode');
        throw error;
      }
      if (address === '') return fail(Code.ADDRESS_EMPTY);
      if (address.length > ADDRESS_MAX || !PRINTABLE_ASCII.test(address))
        return fail(Code.INCORRECT_PARAMETER, 'paymentAddress is not an address');
      return address;
    }
    const { rows } = await db.query<{ address_sealed: string }>(
      `select address_sealed from crypto_addresses where user_id = $1 and coin_id = $2 order by id desc limit 1`,
      [caller.userId, coin.id],
    );
    const saved = rows[0];
    if (!saved) return fail(Code.ADDRESS_EMPTY);
    return app.cashier.sealer.open(saved.address_sealed);
  }

  /** The bank destination of the caller's own card; another user's card reads exactly like a missing one. */
  async function bankDestination(
    caller: Caller,
    cardId: string,
  ): Promise<{ destination: WithdrawalDestination; cardId: string }> {
    const { rows } = await db.query<{
      id: string;
      bank_name: string;
      bank_code: string;
      swift_code: string;
      bank_country: string;
      personal_sealed: string;
    }>(
      `select id::text, bank_name, bank_code, swift_code, bank_country, personal_sealed from bank_cards
        where id = $1 and user_id = $2`,
      [cardId, caller.userId],
    );
    const card = rows[0] ?? fail(Code.DATA_NOT_FOUND);
    const personal = JSON.parse(app.cashier.sealer.open(card.personal_sealed)) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      cardId: card.id,
      destination: {
        kind: 'bank',
        bankName: card.bank_name,
        bankCode: card.bank_code,
        swiftCode: card.swift_code,
        bankCountry: card.bank_country,
        name: text(personal.name),
        account: text(personal.account),
      },
    };
  }

  let pendingId: string | undefined;
  async function pendingAccount(q: Queryable): Promise<string> {
    pendingId ??= (await houseAccount(q, PENDING_HOUSE)).id;
    return pendingId;
  }

  return {
    statusProblem,

    /** `withdrawStatus`: the available balance, or the refusal. */
    async status(caller: Caller): Promise<{ balance: string }> {
      realOnly(caller);
      const problem = await statusProblem(db, caller);
      if (problem !== null) fail(problem);
      return { balance: await balanceOf(db, caller.userId) };
    },

    async quoteCrypto(caller: Caller, coinId: number, num: string): Promise<WithdrawQuoteData> {
      const target = coinTarget(app, await coinById(coinId));
      return quoteData(target, quoteOf(target, num, await balanceOf(db, caller.userId)));
    },

    async quoteBank(caller: Caller, metaId: number, num: string): Promise<WithdrawQuoteData> {
      const target = bankTarget(await bankMeta(caller.brandId, metaId));
      return quoteData(target, quoteOf(target, num, await balanceOf(db, caller.userId)));
    },

    bankMeta,

    /** Submits a withdrawal (see the module comment); answers the waiting ticket. */
    async submit(
      caller: Caller,
      input: {
        num: string;
        practicalNum: string;
        currencyId?: number;
        coinId?: number;
        paymentAddress?: string;
        userBankId?: number | string;
        withdrawType?: number;
      },
    ): Promise<TicketRow> {
      realOnly(caller);
      const bank = input.userBankId !== undefined || input.withdrawType !== undefined;
      let target: Target;
      let destination: WithdrawalDestination;
      let bankCardId: string | null = null;
      if (bank) {
        if (input.userBankId === undefined) return fail(Code.INCORRECT_PARAMETER, 'userBankId is required');
        target = bankTarget(await bankMeta(caller.brandId, input.currencyId));
        const card = await bankDestination(caller, String(input.userBankId));
        destination = card.destination;
        bankCardId = card.cardId;
      } else {
        const coinId = input.coinId ?? input.currencyId;
        if (coinId === undefined) return fail(Code.INCORRECT_PARAMETER, 'currencyId is required');
        const coin = await coinById(coinId);
        target = coinTarget(app, coin);
        const address = await cryptoAddress(caller, coin, input.paymentAddress);
        destination = { kind: 'crypto', currency: coin.currency, protocol: coin.protocol, address };
      }
      const num = input.num;
      const range = withdrawAmountProblem(num, {
        min: target.min,
        max: target.max,
        usdPrice: target.usdPrice,
      });
      if (range === 'decimals') fail(Code.INCORRECT_DECIMALS);
      if (range !== null) fail(Code.WITHDRAW_AMOUNT_INCORRECT);
      const sealed = app.cashier.sealer.seal(JSON.stringify(destination));

      return db.transaction(async (tx) => {
        // The account lock serialises one user's submits: a second one sees the first's ticket (1067).
        const { rows: locked } = await tx.query<{ id: string; balance: string }>(
          `select id, balance::text from ledger_accounts where user_id = $1 and kind = 'real' for update`,
          [caller.userId],
        );
        const account = locked[0];
        const problem = await statusProblem(tx, caller);
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
            ref: `withdrawal:${row.uid}`,
            postings: [
              { accountId: account.id, bucket: 'balance', amount: negate(quote.usdAmount) },
              { accountId: pending, bucket: 'balance', amount: quote.usdAmount },
            ],
          },
          { balance: Code.INSUFFICIENT_BALANCE, lock: Code.INSUFFICIENT_BALANCE },
        );
        return (await findWithdrawal(tx, row.id)) as TicketRow;
      });
    },

    /** The destination of a ticket as submitted (operators only). */
    destinationOf(row: TicketRow): WithdrawalDestination | null {
      if (!row.destination_sealed) return null;
      return JSON.parse(app.cashier.sealer.open(row.destination_sealed)) as WithdrawalDestination;
    },

    /**
     * Decides a waiting withdrawal once: the conditional update lets exactly one of concurrent decisions
     * through (the others see it decided: 1038). Approve pays the pending USD out of the platform; reject
     * returns it to the user's real balance and writes the 629005 notification, in the same transaction.
     */
    async decide(
      id: string,
      decision: { approve: true } | { approve: false; reason: string },
      actor: string,
    ): Promise<TicketRow> {
      let notified: Notified | undefined;
      const row = await db.transaction(async (tx) => {
        const state = decision.approve ? 'success' : 'fail';
        const reason = decision.approve ? '' : decision.reason;
        const { rows } = await tx.query<{ id: string }>(
          `update cash_tickets set state = $2, reason = $3, reviewed_at = now(), reviewed_by = $4
            where id = $1 and action_type = $5 and state = 'waiting' returning id::text`,
          [id, state, reason, actor, WITHDRAW_ACTION],
        );
        if (rows.length === 0) {
          const existing = await findWithdrawal(tx, id);
          return fail(existing ? Code.STATE_IS_NOT_CORRECT : Code.TICKET_NOT_FOUND);
        }
        const after = (await findWithdrawal(tx, id)) as TicketRow;
        const pending = await pendingAccount(tx);
        const amount = after.usd_amount;
        const ref = `withdrawal:${after.uid}`;
        if (decision.approve) {
          const cash = await houseAccount(tx, HouseAccount.cashReal);
          await postTransaction(tx, {
            kind: LedgerKind.payout,
            ref,
            postings: [
              { accountId: pending, bucket: 'balance', amount: negate(amount) },
              { accountId: cash.id, bucket: 'balance', amount },
            ],
          });
        } else {
          const account = (await findUserAccount(tx, after.user_id, 'real')) ?? fail(Code.WALLET_NOT_FOUND);
          await postTransaction(tx, {
            kind: LedgerKind.refund,
            ref,
            postings: [
              { accountId: pending, bucket: 'balance', amount: negate(amount) },
              { accountId: account.id, bucket: 'balance', amount },
            ],
          });
          notified = await app.notifications.notify(tx, {
            userId: after.user_id,
            alarmType: AlarmType.withdrawalRejected,
            actionType: CODE_TEXT_ACTION,
            remark: reason,
            paymentPrice: amount,
          });
        }
        const snapshot = (r: TicketRow) => ({ state: r.state, reason: r.reason, usdAmount: r.usd_amount });
        await recordAudit(tx, {
          actor,
          action: decision.approve ? 'withdrawal.approve' : 'withdrawal.reject',
          objectKind: 'withdrawal',
          objectId: after.id,
          before: { state: 'waiting', usdAmount: amount },
          after: snapshot(after),
          reason,
        });
        return after;
      });
      if (notified) void notified.publish();
      return row;
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
