/**
 * What a withdrawal is of and where it goes: the coin or bank-card target with its limits, fee rule and USD
 * price, the quote, and the destination (a typed or saved crypto address, or the caller's own bank card).
 * Addresses and bank accounts are read and written only sealed; none of them is logged or put in a message.
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import type { WithdrawalDestination, WithdrawQuoteData } from '../../../src/core/contract/withdrawals';
import { addressFits } from '../../../src/core/domain/crypto-address';
import { normalize } from '../../../src/core/domain/decimal';
import {
  quoteWithdrawal,
  tooManyDecimals,
  type WithdrawQuote,
} from '../../../src/core/domain/withdraw-quote';
import { brandFlag } from '../accounts';
import { coinUsdPrice, findCoin, type Coin } from '../cashier';
import { decodeField, FieldCodecError, sessionAesKey } from '../cashier';
import { findBankMeta, type BankMetaRow } from './repo';
import { fail, type Caller } from './status';

/** What is withdrawn: a coin or the bank-card withdrawal, with its limits, fee rule and USD price. */
export interface Target {
  currency: string;
  min: string;
  max: string;
  feeType: string;
  feeNum: string;
  usdPrice: string;
  coin: Coin | null;
}

export function coinTarget(app: FastifyInstance, coin: Coin): Target {
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

export function bankTarget(meta: BankMetaRow): Target {
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
export function quoteOf(target: Target, num: string, balance: string): WithdrawQuote {
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

export function quoteData(target: Target, quote: WithdrawQuote): WithdrawQuoteData {
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

/** The coin of `id`, or 1055. */
export async function coinById(app: FastifyInstance, id: number): Promise<Coin> {
  return (await findCoin(app.db, id)) ?? fail(Code.COIN_NOT_FOUND);
}

/** The bank-card withdrawal of the brand (1008 when the brand has no bank cards or no such meta). */
export async function bankMeta(app: FastifyInstance, brandId: string, id?: number): Promise<BankMetaRow> {
  if (!brandFlag(app, brandId, 'user/bankCard')) return fail(Code.DATA_NOT_FOUND);
  return (await findBankMeta(app.db, id)) ?? fail(Code.DATA_NOT_FOUND);
}

/** `address` when it is an address of the coin's network, else 1047. */
const fitting = (coin: Coin, address: string): string =>
  addressFits(coin.protocol, address) ? address : fail(Code.WALLET_CANNOT_BE_USED);

/**
 * The crypto destination: the typed address (decoded with the session's key) or the saved one. Either is
 * held to the network's address form, the same check the saved-address route makes (1047, issue #19 item 8).
 */
export async function cryptoAddress(
  app: FastifyInstance,
  caller: Caller,
  coin: Coin,
  encoded: string | undefined,
): Promise<string> {
  if (encoded !== undefined && encoded.trim() !== '') {
    const key = await sessionAesKey(app.db, caller.sessionId);
    let address: string;
    try {
      address = decodeField(encoded, key).trim();
    } catch (error) {
      if (error instanceof FieldCodecError)
        return fail(Code.INCORRECT_PARAMETER, 'paymentAddress does not decode');
      throw error;
    }
    if (address === '') return fail(Code.ADDRESS_EMPTY);
    return fitting(coin, address);
  }
  const { rows } = await app.db.query<{ address_sealed: string }>(
    `select address_sealed from crypto_addresses where user_id = $1 and coin_id = $2 order by id desc limit 1`,
    [caller.userId, coin.id],
  );
  const saved = rows[0];
  if (!saved) return fail(Code.ADDRESS_EMPTY);
  // A row saved before the check (or written around the route) is held to it too.
  return fitting(coin, app.cashier.sealer.open(saved.address_sealed));
}

/** The bank destination of the caller's own card; another user's card reads exactly like a missing one. */
export async function bankDestination(
  app: FastifyInstance,
  caller: Caller,
  cardId: string,
): Promise<{ destination: WithdrawalDestination; cardId: string }> {
  const { rows } = await app.db.query<{
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
