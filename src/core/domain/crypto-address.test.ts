import { describe, expect, it } from 'vitest';
import { addressFits, addressKey } from './crypto-address';

describe('crypto address per network', () => {
  it.each([
    ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', true],
    ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS', false],
    ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS0', false],
    ['TRC20', '0x52908400098527886E0F7030069857D2E4169EE7', false],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EE7', true],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EE', false],
    ['ERC20', '52908400098527886E0F7030069857D2E4169EE7ab', false],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EEG', false],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ', true],
    ['BTC', 'bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', false],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb', false],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['BTC', '0J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', false],
    ['SOL', 'So11111111111111111111111111111111111111112', true],
    ['SOL', 'short', false],
    ['SOL', 'bad address with spaces', false],
    // Issue #19 item 8: scheme text and markup are no address on any network.
    ['TRC20', 'javascript:alert(document.cookie)', false],
    ['ERC20', 'javascript:alert(document.cookie)', false],
    ['BTC', 'javascript:alert(document.cookie)', false],
    ['SOL', 'javascript:alert(document.cookie)', false],
    ['SOL', '<img src=x onerror=alert(1)>', false],
    ['BEP20', '0x52908400098527886E0F7030069857D2E4169EE7', true],
    ['trc20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', true],
    ['SOL', 'A'.repeat(129), false],
  ])('%s %s → %s', (protocol, address, fits) => {
    expect(addressFits(protocol, address)).toBe(fits);
  });

  it('finds hex and bech32 duplicates whatever the case, base58 as written', () => {
    expect(addressKey('ERC20', '0xABCdef')).toBe('0xabcdef');
    expect(addressKey('BTC', 'BC1QAR0')).toBe('bc1qar0');
    expect(addressKey('BTC', '1BvBMSE')).toBe('1BvBMSE');
    expect(addressKey('TRC20', 'TQn9Y2')).toBe('TQn9Y2');
  });
});
