import { describe, expect, it } from 'vitest';
import type { SystemConfigResponse } from '../../core/contract';
import { fundActionsOf } from './use-fund-account';

const config = (...on: string[]) =>
  ({
    systemConfigs: on.map((name) => ({ name, enable: true })),
    walletType: 0,
  }) as unknown as SystemConfigResponse;
const real = { signedIn: true, virtual: false };
const built = (name: string) => name === 'deposit';
const unbuilt = () => false;

describe('fundActionsOf', () => {
  it.each([
    [
      'a real account, deposit page and demo trading',
      real,
      config('VIRTUAL_CURRENCY_TRADE'),
      built,
      ['deposit', 'demo'],
    ],
    [
      'deposits disabled by the brand',
      real,
      config('VIRTUAL_CURRENCY_TRADE', 'disableDeposit'),
      built,
      ['demo'],
    ],
    ['no deposit page in this build', real, config('VIRTUAL_CURRENCY_TRADE'), unbuilt, ['demo']],
    ['no demo trading', real, config(), built, ['deposit']],
    ['the demo account', { signedIn: true, virtual: true }, config('VIRTUAL_CURRENCY_TRADE'), built, []],
    ['a visitor', { signedIn: false, virtual: false }, config('VIRTUAL_CURRENCY_TRADE'), built, []],
  ] as const)('%s', (_name, account, systemConfig, isBuilt, actions) => {
    expect(fundActionsOf(account, systemConfig, isBuilt)).toEqual(actions);
  });
});
