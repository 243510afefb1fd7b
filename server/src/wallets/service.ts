/** The wallets' money: balances valued in USD and transfers between a wallet and the USD balance. */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  USD_CURRENCY_ID,
  type TransferQuoteAnswer,
  type WalletBalance,
} from '../../../src/core/contract/wallets';
import { add, compare, mul, negate, normalize, toFixed } from '../../../src/core/domain/decimal';
import { quoteTransfer, type TransferType } from '../../../src/core/domain/wallet-transfer';
import { coinUsdPrice, findCoin, listCoins, type Coin } from '../cashier';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { fxHouseAccount, getOrCreateAccount, getOrCreateWallet, postTransaction } from '../ledger';
import { listWalletCurrencies, TRANSFER_KIND, userBalances } from './repo';

/** Icon of the USD line (served with the coin logos). */
export const USD_ICON = '/coins/usd.svg';

/** The USD balance and every wallet currency, each valued at its first coin's current bid. */
export async function walletBalance(
  app: FastifyInstance,
  q: Queryable,
  userId: string,
): Promise<WalletBalance> {
  const [currencies, balances, coins] = await Promise.all([
    listWalletCurrencies(q),
    userBalances(q, userId),
    listCoins(q),
  ]);
  const usd = normalize(balances.get('USD') ?? '0');
  const list: WalletBalance['list'] = [
    {
      currency: 'USD',
      currencyId: USD_CURRENCY_ID,
      unit: 'USD',
      balance: usd,
      usdBalance: toFixed(usd, 2, 'down'),
      icon: USD_ICON,
    },
  ];
  for (const { currency, coinId, logoUrl } of currencies) {
    const balance = normalize(balances.get(currency) ?? '0');
    const coin = coins.find((c) => c.id === coinId) as Coin;
    const price = coinUsdPrice(coin, app.cashier.bidOf);
    list.push({
      currency,
      currencyId: coinId,
      unit: currency,
      balance,
      usdBalance: price === null ? null : toFixed(mul(balance, price), 2, 'down'),
      icon: logoUrl,
    });
  }
  const total = list.reduce((sum, item) => (item.usdBalance === null ? sum : add(sum, item.usdBalance)), '0');
  return { list, totalBalance: toFixed(total, 2) };
}

export interface TransferRequest {
  curr: string;
  currId: number;
  type: TransferType;
  num: string;
}

/** The current quote of a transfer, or the code that refuses it. */
export async function quote(
  app: FastifyInstance,
  q: Queryable,
  input: TransferRequest,
): Promise<TransferQuoteAnswer> {
  const coin = await findCoin(q, input.currId);
  if (!coin || coin.currency !== input.curr) throw new BusinessError(Code.COIN_NOT_FOUND);
  const price = coinUsdPrice(coin, app.cashier.bidOf);
  if (price === null) throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
  const quoted = quoteTransfer(input.type, coin.currency, input.num, price);
  if (quoted === 'amount_invalid') {
    throw new BusinessError(compare(input.num, '0') > 0 ? Code.INCORRECT_DECIMALS : Code.NOT_CORRECT_AMOUNT);
  }
  if (quoted === 'amount_too_small') throw new BusinessError(Code.NOT_CORRECT_AMOUNT);
  if (quoted === 'price_invalid') throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
  return {
    num: quoted.num,
    fee: quoted.fee,
    practical: quoted.practical,
    fromUnit: quoted.fromUnit,
    unit: quoted.toUnit,
    price: normalize(price),
  };
}

/** A transfer number: `WT` + time + random digits (unique enough to name one ledger transaction). */
function transferUid(): string {
  return `WT${Date.now()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The source short: 1052; the other bucket refusing (never expected): 1158 "asset adjustment failed". */
const TRANSFER_REFUSALS = { balance: Code.INSUFFICIENT_BALANCE, lock: Code.WALLET_ADJUSTMENT_FAILED };

/**
 * Moves the quoted amounts in one ledger transaction of two legs: the source currency to its FX house, the
 * FX house of the target currency to the target (each leg balances in its own currency).
 */
export async function transfer(
  tx: Queryable,
  userId: string,
  input: TransferRequest,
  answer: TransferQuoteAnswer,
): Promise<string> {
  const uid = transferUid();
  const real = await getOrCreateAccount(tx, userId, 'real');
  const wallet = await getOrCreateWallet(tx, userId, input.curr);
  const fxUsd = await fxHouseAccount(tx, 'USD');
  const fxCoin = await fxHouseAccount(tx, input.curr);
  const [from, fromHouse, toHouse, to] =
    input.type === 0 ? [real, fxUsd, fxCoin, wallet] : [wallet, fxCoin, fxUsd, real];
  await postTransaction(
    tx,
    {
      kind: input.type === 0 ? TRANSFER_KIND.in : TRANSFER_KIND.out,
      ref: uid,
      postings: [
        { accountId: from.id, bucket: 'balance', amount: negate(answer.num) },
        { accountId: fromHouse.id, bucket: 'balance', amount: answer.num },
        { accountId: toHouse.id, bucket: 'balance', amount: negate(answer.practical) },
        { accountId: to.id, bucket: 'balance', amount: answer.practical },
      ],
    },
    TRANSFER_REFUSALS,
  );
  return uid;
}
