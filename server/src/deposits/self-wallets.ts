/**
 * The user's own deposit addresses of `walletType 1` brands (`userSelfWallet/find`). The reference server
 * holds no custody: each (user, coin) gets an address derived from the cashier key, stable across restarts and
 * processes, in the network's notation. Nothing watches a chain, so, as with the platform addresses, a deposit
 * is proven by its proof image and credited on review. A brand with a custody provider replaces `derive`.
 */
import type { CoinOption } from '../../../src/core/contract/coins';
import type { Sealer } from '../cashier';
import type { Coin } from '../cashier';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = (BASE58[Number(n % 58n)] as string) + out;
    n /= 58n;
  }
  return out;
}

/** 32 bytes for (user, coin) under the cashier key. */
function seedOf(sealer: Sealer, userId: string, coinId: number): Buffer {
  return Buffer.from(sealer.hash(`deposit-address:v1:${userId}:${coinId}`), 'base64url');
}

/** The user's deposit address of one coin, in the notation of its network. */
export function deriveDepositAddress(sealer: Sealer, userId: string, coin: Coin): string {
  const seed = seedOf(sealer, userId, coin.id);
  if (coin.protocol === 'TRC20') return `T${base58(seed).padStart(33, '1').slice(0, 33)}`;
  if (coin.protocol === 'BTC') {
    const low = [...seed].map((b) => BECH32[b & 31]);
    const high = [...seed.subarray(0, 6)].map((b) => BECH32[b >> 3]);
    return `bc1q${[...low, ...high].join('')}`;
  }
  return `0x${seed.subarray(0, 20).toString('hex')}`;
}

/** The coin list with the platform address replaced by the user's own (memo kept). */
export function selfWallets(
  sealer: Sealer,
  userId: string,
  coins: readonly Coin[],
  toOption: (coin: Coin) => CoinOption,
): CoinOption[] {
  return coins.map((coin) => ({ ...toOption(coin), address: deriveDepositAddress(sealer, userId, coin) }));
}
