/**
 * The one check of a crypto withdrawal address against its network (issue #19 item 8), shared by the saved
 * address route, the typed address of a withdrawal submit and any client form that wants to warn early.
 * A format check, not a checksum check: a typo in the body is the trader's to see on the screen.
 */
import { CRYPTO_ADDRESS_LENGTH_MAX } from '../contract/payees';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const TRON = new RegExp(`^T${BASE58}{33}$`);
const EVM = /^0x[0-9a-fA-F]{40}$/;
const BTC_BASE58 = new RegExp(`^[13]${BASE58}{25,34}$`);
/** bech32/bech32m segwit address on mainnet, one case only. */
const BTC_BECH32 = /^(bc1[02-9ac-hj-np-z]{11,71}|BC1[02-9AC-HJ-NP-Z]{11,71})$/;
/** Any other network: a bounded token of address characters (no markup, scheme text or spaces). */
const GENERIC = /^[A-Za-z0-9:_-]{8,128}$/;

/** The networks the platform knows by name; a coin on any other is held to `GENERIC`. */
export type KnownNetwork = 'TRC20' | 'ERC20' | 'BEP20' | 'BTC';

/**
 * Whether `address` (decoded and trimmed) has the form of an address on `protocol`: TRC20 a base58 `T…` of 34;
 * ERC20 and BEP20 `0x` and 40 hex digits; BTC base58 `1…`/`3…` or bech32 `bc1…`; other networks a bounded
 * token. Never longer than CRYPTO_ADDRESS_LENGTH_MAX.
 */
export function addressFits(protocol: string, address: string): boolean {
  if (address.length > CRYPTO_ADDRESS_LENGTH_MAX) return false;
  switch (protocol.toUpperCase()) {
    case 'TRC20':
      return TRON.test(address);
    case 'ERC20':
    case 'BEP20':
      return EVM.test(address);
    case 'BTC':
      return BTC_BASE58.test(address) || BTC_BECH32.test(address);
    default:
      return GENERIC.test(address);
  }
}

/** The form of an address that finds duplicates: hex and bech32 addresses are case-insensitive. */
export function addressKey(protocol: string, address: string): string {
  const upper = protocol.toUpperCase();
  if (upper === 'ERC20' || upper === 'BEP20') return address.toLowerCase();
  if (upper === 'BTC' && /^bc1/i.test(address)) return address.toLowerCase();
  return address;
}
