/**
 * Rules of <tk-crypto-addresses> (spec §2 crypto address screens, §5 add crypto): the views, their host paths
 * (the delete page carries the entry in its query, each value URL-encoded) and the add form's check.
 */
import type { CoinOption } from '../../core/contract/coins';
import type { SavedCryptoAddress } from '../../core/contract/payees';
import { CRYPTO_ADDRESS_LENGTH_MAX } from '../../core/contract/payees';

/** The widget's views. */
export type CryptoAddressesView = 'list' | 'add' | 'delete';

/** The entry the delete view shows (spec §2 query: currencyId, walletId, currencyName, protocol, address). */
export interface DeleteTarget {
  walletId: string;
  currencyId: string;
  currencyName: string;
  protocol: string;
  /** As the list answers it: encoded with the session key (the URL never carries the address in clear). */
  cryptocurrencyAddress: string;
}

export const CRYPTO_PATHS = {
  list: '/user/wallet/crypto',
  add: '/user/wallet/addCrypto',
  delete: '/user/wallet/deleteCrypto',
} as const;

/** Longest address the form takes. */
export const ADDRESS_MAX = CRYPTO_ADDRESS_LENGTH_MAX;

/** The delete path of a saved entry, every value URL-encoded (spec §2). */
export function deletePath(entry: SavedCryptoAddress): string {
  const query = new URLSearchParams({
    currencyId: String(entry.currencyId),
    walletId: entry.walletId,
    currencyName: entry.currencyName,
    protocol: entry.protocol,
    cryptocurrencyAddress: entry.cryptocurrencyAddress,
  });
  return `${CRYPTO_PATHS.delete}?${query.toString()}`;
}

/** The delete target of a query string, or null when its wallet id is missing. */
export function deleteTargetOf(search: string | URLSearchParams): DeleteTarget | null {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const walletId = query.get('walletId') ?? '';
  if (!/^[1-9][0-9]{0,17}$/.test(walletId)) return null;
  return {
    walletId,
    currencyId: query.get('currencyId') ?? '',
    currencyName: query.get('currencyName') ?? '',
    protocol: query.get('protocol') ?? '',
    cryptocurrencyAddress: query.get('cryptocurrencyAddress') ?? '',
  };
}

/** How a coin/network reads in a picker and a list: "USDT (TRC20)", or the coin alone when they match. */
export function coinLabel(currency: string, protocol: string): string {
  return currency === protocol || !protocol ? currency : `${currency} (${protocol})`;
}

/** The add form's message key, or null when it may be sent (spec §5: the address is required). */
export function addressError(address: string): string | null {
  return address.trim() === '' ? 'crypto_addresses.p_t_your_crypto_address' : null;
}

/** The coin the picker starts on: the first of the list. */
export function firstCoin(coins: readonly CoinOption[]): number | null {
  return coins[0]?.id ?? null;
}
