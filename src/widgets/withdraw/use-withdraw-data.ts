import { useEffect, useState, type Dispatch } from 'react';
import {
  BankWithdrawCalculate,
  BankWithdrawMetaFind,
  WithdrawCalculate,
  WithdrawStatus,
  type BankWithdrawMeta,
  type WithdrawQuoteData,
} from '../../core/contract/withdrawals';
import { CoinList, type CoinOption } from '../../core/contract/coins';
import { BankCardList, CryptoAddressList } from '../../core/contract/payees';
import { loadCodec } from '../../core/codec/load';
import type { Platform } from '../../core/runtime/types';
import type { Session } from '../../core/session/session';
import { REQUOTE_MS, STATUS_STOP_CODES, type FormAction } from './withdraw.logic';

/** A bank card the form offers (its account shown by the last 4 characters). */
export interface Card {
  id: string;
  bankName: string;
  last4: string;
}

/** A saved crypto address of one coin, decoded. */
export interface SavedAddress {
  currencyId: number;
  address: string;
}

/** A decoder of the session's encoded fields ('' for a value that does not decode). */
async function decoder(key: string | null): Promise<(value: string) => string> {
  const codec = await loadCodec().catch(() => null);
  return (value) => {
    try {
      return codec ? codec.decodeField(value, key) : '';
    } catch {
      return '';
    }
  };
}

/** The last 4 characters of a decoded account ('' when it does not decode). */
const last4 = (text: string) => text.replace(/\s/g, '').slice(-4);

/** What the form chooses from, and the status check's stop message. */
export interface WithdrawLists {
  stop: string | null;
  /** The code of `stop` (its notice may link to the page that lifts it). */
  stopCode: number | null;
  coins: CoinOption[];
  saved: SavedAddress[];
  cards: Card[];
  meta: BankWithdrawMeta | null;
  metaMissing: boolean;
}

/**
 * The status check first (spec §4), then the coins and saved addresses; the bank cards and the bank
 * withdrawal limits once the brand offers bank cards. Nothing is asked while `signedIn` is false.
 */
export function useWithdrawLists(
  platform: Platform,
  session: Session,
  signedIn: boolean,
  bankOffered: boolean,
  dispatch: Dispatch<FormAction>,
): WithdrawLists {
  const [stop, setStop] = useState<string | null>(null);
  const [stopCode, setStopCode] = useState<number | null>(null);
  const [coins, setCoins] = useState<CoinOption[]>([]);
  const [saved, setSaved] = useState<SavedAddress[]>([]);
  const [cards, setCards] = useState<Card[]>([]);
  const [meta, setMeta] = useState<BankWithdrawMeta | null>(null);
  const [metaMissing, setMetaMissing] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void (async () => {
      const status = await platform.api.call(WithdrawStatus, {}, { silent: true });
      if (!live) return;
      if (!status.ok && typeof status.code === 'number') {
        dispatch({ type: 'status', code: status.code });
        if ((STATUS_STOP_CODES as readonly number[]).includes(status.code)) {
          setStop(status.message);
          setStopCode(status.code);
        }
      }
      const [coinList, wallets] = await Promise.all([
        platform.api.call(CoinList, {}, { silent: true }),
        platform.api.call(CryptoAddressList, { pageNum: 1, pageSize: 1000 }, { silent: true }),
      ]);
      const decode = await decoder(session.aesKey());
      if (!live) return;
      if (coinList.ok) setCoins(coinList.data.dtoList);
      if (wallets.ok)
        setSaved(
          wallets.data.list
            .map((w) => ({ currencyId: w.currencyId, address: decode(w.cryptocurrencyAddress) }))
            .filter((w) => w.address !== ''),
        );
    })();
    return () => {
      live = false;
    };
  }, [signedIn, platform, session, dispatch]);

  useEffect(() => {
    if (!signedIn || !bankOffered) return;
    let live = true;
    void (async () => {
      const [bank, bankMeta] = await Promise.all([
        platform.api.call(BankCardList, {}, { silent: true }),
        platform.api.call(BankWithdrawMetaFind, {}, { silent: true }),
      ]);
      const decode = await decoder(session.aesKey());
      if (!live) return;
      if (bank.ok)
        setCards(
          bank.data.list.map((c) => ({
            id: String(c.id),
            bankName: c.bankName,
            last4: last4(decode(c.account)),
          })),
        );
      if (bankMeta.ok) setMeta(bankMeta.data.dto);
      else setMetaMissing(true);
    })();
    return () => {
      live = false;
    };
  }, [signedIn, bankOffered, platform, session]);

  return { stop, stopCode, coins, saved, cards, meta, metaMissing };
}

/** The fee quote of the current amount and the server's failure text, if any. */
export interface WithdrawQuoteState {
  quote: WithdrawQuoteData | null;
  serverError: string | null;
  setServerError: (text: string | null) => void;
}

/**
 * Spec §4: a valid in-range amount (`canQuote`) is quoted at once and re-quoted every second while it
 * stands, for the coin (`coinId`) or the bank withdrawal (`metaId`).
 */
export function useWithdrawQuote(
  platform: Platform,
  canQuote: boolean,
  amount: string,
  coinId: number | null,
  metaId: number | null,
): WithdrawQuoteState {
  const [quote, setQuote] = useState<WithdrawQuoteData | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    setQuote(null);
    setServerError(null);
    if (!canQuote || (coinId === null && metaId === null)) return;
    let live = true;
    const ask = async () => {
      const answer =
        coinId !== null
          ? await platform.api.call(WithdrawCalculate, { currencyId: coinId, num: amount }, { silent: true })
          : await platform.api.call(
              BankWithdrawCalculate,
              { currencyId: metaId as number, num: amount },
              { silent: true },
            );
      if (!live) return;
      if (answer.ok) setQuote(answer.data);
      else {
        // 'Not support feeType [x]' (the server's own text) clears the calculation (spec §8).
        setQuote(null);
        const own = answer.envelope?.msg ?? '';
        setServerError(own.startsWith('Not support feeType') ? own : answer.message);
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), REQUOTE_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [canQuote, amount, coinId, metaId, platform]);

  return { quote, serverError, setServerError };
}
