/**
 * Renders <CryptoAddresses> on a real platform and session over a scripted server that keeps addresses in
 * clear and answers them encoded with the session key, as the real one does.
 */
import type { CoinOption } from '../../core/contract/coins';
import type { SavedCryptoAddress } from '../../core/contract/payees';
import { decodeField, encodeField } from '../../core/codec/field-codec';
import { createHarness } from '../../core/session/session.fixture';
import type { Answer } from '../../core/session/session.fixture';
import { renderWidget } from '../_shared/widget-render.fixture';
import type { RenderedWidget } from '../_shared/widget-render.fixture';
import { CryptoAddresses } from './crypto-addresses';
import type { CryptoAddressesProps } from './crypto-addresses';

/** The session key of the harness token (makeToken). */
export const AES_KEY = 'k'.repeat(32);

export const COINS: CoinOption[] = [
  {
    id: 1,
    currency: 'USDT',
    protocol: 'TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    said: '',
    minWithdrawAmount: '50.00000000',
    maxWithdrawAmount: '10000000.00000000',
    logoUrl: '/coins/usdt.svg',
  },
  {
    id: 3,
    currency: 'BTC',
    protocol: 'BTC',
    address: 'bc1q9h7garjh3dk5wxl0mr6s8a3vf5u9xcqv4k2p7e',
    said: '',
    minWithdrawAmount: '0.00100000',
    maxWithdrawAmount: '100.00000000',
    logoUrl: '/coins/btc.svg',
  },
];

/** A saved entry in clear. */
export interface Saved {
  walletId: string;
  currencyId: number;
  address: string;
}

/** A scripted saved-address server. */
export class AddressServer {
  next = 10;
  constructor(public saved: Saved[]) {}
  entry(s: Saved): SavedCryptoAddress {
    const coin = COINS.find((c) => c.id === s.currencyId) as CoinOption;
    return {
      walletId: s.walletId,
      currencyId: s.currencyId,
      currencyName: coin.currency,
      protocol: coin.protocol,
      cryptocurrencyAddress: encodeField(s.address, AES_KEY),
      minWithdrawAmount: coin.minWithdrawAmount,
      maxWithdrawAmount: coin.maxWithdrawAmount,
      logoUrl: coin.logoUrl,
    };
  }
  all = (): Answer => ({
    code: 0,
    data: { list: this.saved.map((s) => this.entry(s)), total: this.saved.length },
  });
  coins = (): Answer => ({ code: 0, data: { dtoList: COINS } });
  insert = (body: Record<string, unknown>): Answer => {
    const walletId = String(this.next++);
    this.saved.push({
      walletId,
      currencyId: Number(body.currencyId),
      address: decodeField(String(body.cryptocurrencyAddress), AES_KEY),
    });
    return { code: 0, data: { walletId } };
  };
  remove = (body: Record<string, unknown>): Answer => {
    const before = this.saved.length;
    this.saved = this.saved.filter((s) => s.walletId !== body.walletId);
    return before === this.saved.length
      ? { code: 1051, msg: 'crypto wallet not found' }
      : { code: 0, data: { walletId: body.walletId } };
  };
}

export interface RenderedAddresses extends RenderedWidget {
  server: AddressServer;
}

/** Render `<CryptoAddresses {...props}>` signed in (unless told otherwise) over `server`. */
export async function renderCryptoAddresses(
  server: AddressServer,
  props: CryptoAddressesProps = {},
  options: { signedIn?: boolean; virtual?: boolean } = {},
): Promise<RenderedAddresses> {
  const h = createHarness({
    handlers: {
      'waa/cryptocurrency/user/wallet/all': server.all,
      'waa/cryptocurrency/user/wallet/insert': server.insert,
      'waa/cryptocurrency/user/wallet/delete': server.remove,
      'waa/cryptocurrency/simple/find/all': server.coins,
    },
  });
  return { ...(await renderWidget(h, <CryptoAddresses {...props} />, options)), server };
}
