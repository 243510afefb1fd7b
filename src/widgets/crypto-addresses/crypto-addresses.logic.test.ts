import { describe, expect, it } from 'vitest';
import { addressError, coinLabel, deletePath, deleteTargetOf } from './crypto-addresses.logic';

const entry = {
  walletId: '12',
  currencyId: 1,
  currencyName: 'USDT',
  protocol: 'TRC20',
  cryptocurrencyAddress: 'ab+/c=',
  minWithdrawAmount: '50',
  maxWithdrawAmount: '100',
  logoUrl: '',
};

describe('crypto address rules', () => {
  it('writes the delete path with every value URL-encoded, and reads it back', () => {
    const path = deletePath(entry);
    expect(path).toBe(
      '/user/wallet/deleteCrypto?currencyId=1&walletId=12&currencyName=USDT&protocol=TRC20&cryptocurrencyAddress=ab%2B%2Fc%3D',
    );
    expect(deleteTargetOf(path.slice(path.indexOf('?')))).toEqual({
      walletId: '12',
      currencyId: '1',
      currencyName: 'USDT',
      protocol: 'TRC20',
      cryptocurrencyAddress: 'ab+/c=',
    });
  });

  it.each(['', '?walletId=', '?walletId=0', '?walletId=abc', '?walletId=-1'])(
    'refuses %j as a delete target',
    (q) => {
      expect(deleteTargetOf(q)).toBeNull();
    },
  );

  it.each([
    ['USDT', 'TRC20', 'USDT (TRC20)'],
    ['BTC', 'BTC', 'BTC'],
    ['ETH', '', 'ETH'],
  ])('labels %s on %s as %s', (currency, protocol, label) => {
    expect(coinLabel(currency, protocol)).toBe(label);
  });

  it('requires the address (spec §5 user.p_t_your_crypto_address)', () => {
    expect(addressError('  ')).toBe('crypto_addresses.p_t_your_crypto_address');
    expect(addressError('T1')).toBeNull();
  });
});
