/**
 * Renders <Withdraw> on a real platform and session (core/session's scripted-server harness) over a scripted
 * withdrawal server: two coins (USDT TRC20 with a saved address, BTC without), one bank card, the bank meta,
 * quotes computed like the server's (fixed fee 25 USDT / USD, 0.5 % for BTC at 98,500), a 1,000 USD balance.
 */
import type { SystemConfigEntry } from '../../core/contract/types';
import { encodeField } from '../../core/codec/field-codec';
import { quoteWithdrawal } from '../../core/domain/withdraw-quote';
import { createHarness } from '../../core/session/session.fixture';
import type { Answer } from '../../core/session/session.fixture';
import { renderWidget } from '../_shared/widget-render.fixture';
import type { RenderedWidget } from '../_shared/widget-render.fixture';
import { Withdraw } from './withdraw';
import type { WithdrawProps } from './withdraw';

/** The session key of makeToken (what the widget encodes and decodes with). */
export const SESSION_KEY = 'k'.repeat(32);
export const SAVED_ADDRESS = 'TSavedAddress1234567890abcdefghijk';

const coin = (id: number, currency: string, protocol: string, min: string, max: string) => ({
  id,
  currency,
  protocol,
  address: 'platform',
  said: '',
  minWithdrawAmount: min,
  maxWithdrawAmount: max,
  logoUrl: '',
});

export const COINS = [coin(1, 'USDT', 'TRC20', '50', '10000000'), coin(3, 'BTC', 'BTC', '0.001', '100')];

function quote(body: Record<string, unknown>, bank: boolean): Answer {
  const btc = !bank && body.currencyId === 3;
  const result = quoteWithdrawal({
    num: String(body.num),
    feeType: btc ? 'PERCENTAGE' : 'FIX_AMOUNT',
    feeNum: btc ? '0.5' : '25',
    usdPrice: btc ? '98500' : '1',
    balance: '1000',
  });
  if ('error' in result) return { code: 1073, msg: result.error };
  return {
    code: 0,
    data: { ...result.quote, currency: bank ? 'USD' : btc ? 'BTC' : 'USDT', usdPrice: btc ? '98500' : '1' },
  };
}

/** The handlers of the scripted server; tests override single paths. */
export function withdrawHandlers(): Record<string, (body: Record<string, unknown>) => Answer> {
  return {
    'waa/cryptocurrency/user/wallet/withdrawStatus': () => ({ code: 0, data: { balance: '1000' } }),
    'waa/cryptocurrency/simple/find/all': () => ({ code: 0, data: { dtoList: COINS } }),
    'waa/cryptocurrency/user/wallet/all': () => ({
      code: 0,
      data: {
        list: [
          {
            walletId: '5',
            currencyId: 1,
            currencyName: 'USDT',
            protocol: 'TRC20',
            cryptocurrencyAddress: encodeField(SAVED_ADDRESS, SESSION_KEY),
            minWithdrawAmount: '50',
            maxWithdrawAmount: '10000000',
            logoUrl: '',
          },
        ],
      },
    }),
    'waa/user/bank/all': () => ({
      code: 0,
      data: {
        list: [
          { id: '9', bankName: 'Deutsche Bank', account: encodeField('DE89370400440532013000', SESSION_KEY) },
        ],
      },
    }),
    'waa/cryptocurrency/bank/withdraw/find/one': () => ({
      code: 0,
      data: { dto: { id: 1, minWithdrawAmount: '50', maxWithdrawAmount: '10000000', currency: 'USD' } },
    }),
    'waa/user/withdraw/calculate': (body) => quote(body, false),
    'waa/user/bankcard/withdraw/calculate': (body) => quote(body, true),
    'waa/user/withdraw': () => ({
      code: 0,
      data: {
        id: '1',
        uid: 'W20260101000000000001',
        method: 'crypto',
        currency: 'USDT',
        amount: '100',
        usdAmount: '100',
        fee: '25',
        practical: '75',
        state: 'waiting',
        submitTimeTs: 0,
      },
    }),
  };
}

export type RenderedWithdraw = RenderedWidget;

/** Render `<Withdraw {...props}>` signed in (unless told otherwise) with the brand's `systemConfigs`. */
export async function renderWithdraw(
  props: WithdrawProps = {},
  options: {
    signedIn?: boolean;
    /** Signed in on the demo account. */
    demo?: boolean;
    systemConfigs?: SystemConfigEntry[];
    handlers?: Record<string, (body: Record<string, unknown>) => Answer>;
  } = {},
): Promise<RenderedWithdraw> {
  const h = createHarness({
    systemConfigs: options.systemConfigs ?? [{ name: 'user/bankCard', enable: true }],
    handlers: { ...withdrawHandlers(), ...options.handlers },
  });
  return renderWidget(h, <Withdraw {...props} />, { signedIn: options.signedIn, virtual: options.demo });
}
