import { describe, expect, it } from 'vitest';
import english from '../../core/i18n/locales/en/announce.json';
import { createI18n } from '../../core/i18n/i18n';
import { closeWords, fillWords, optionWords, pnlWords } from './announce-text';

const i18n = createI18n({ strings: { english: { announce: english }, languages: {} } });
const t = (key: string, vars?: Record<string, unknown>) => i18n.t(key, vars ?? {});

const gold = { productName: 'Gold', tradePair: 'XAUUSD' };

describe('what a screen reader hears of a trading event', () => {
  it.each([
    ['12.4', 'Profit 12.40 USD.'],
    ['-3.1', 'Loss 3.10 USD.'],
    ['-1234.5', 'Loss 1,234.50 USD.'],
    ['0', 'No profit or loss.'],
    ['0.00', 'No profit or loss.'],
    [null, null],
    ['', null],
    ['abc', null],
  ])('says the P&L %s with its sign in words: %s', (value, words) => {
    expect(pnlWords(value, t)).toBe(words);
  });

  it.each([
    ['manual', '-2', 'Gold position closed. Loss 2.00 USD.'],
    ['stop_loss', '-15.5', 'Stop loss triggered: Gold position closed. Loss 15.50 USD.'],
    ['take_profit', '40', 'Take profit reached: Gold position closed. Profit 40.00 USD.'],
    ['stop_out', '-900', 'Stop-out: Gold position closed to protect your margin. Loss 900.00 USD.'],
    ['stop_loss', null, 'Stop loss triggered: Gold position closed.'],
    ['cancelled', '0', 'Gold: the pending order was cancelled.'],
    ['failed', null, 'Gold: the pending order failed.'],
  ] as const)('says a %s close with P&L %s', (kind, profitLoss, words) => {
    expect(closeWords(kind, { ...gold, profitLoss }, t)).toBe(words);
  });

  it('names the symbol when the product has no name of its own', () => {
    expect(closeWords('manual', { productName: '', tradePair: 'XAUUSD', profitLoss: '1' }, t)).toBe(
      'XAUUSD position closed. Profit 1.00 USD.',
    );
  });

  it('says a fill with side, lots, symbol and price, or without the price when it is not known yet', () => {
    const order = { ...gold, orderType: 1 as const, orderQuantity: '0.50', openingPrice: '2401.15' };
    expect(fillWords(order, false, t)).toBe('Order filled: sell Gold, volume 0.50, at 2401.15.');
    expect(fillWords(order, true, t)).toBe('Pending order filled: sell Gold, volume 0.50, at 2401.15.');
    expect(fillWords({ ...order, orderType: 0 }, false, t, false)).toBe(
      'Order filled: buy Gold, volume 0.50.',
    );
  });

  it('says a settled option as won, lost or even, and nothing while it runs', () => {
    expect(optionWords({ ...gold, winLost: '85' }, t)).toBe(
      'Gold option settled: you won. Profit 85.00 USD.',
    );
    expect(optionWords({ ...gold, winLost: '-100' }, t)).toBe(
      'Gold option settled: you lost. Loss 100.00 USD.',
    );
    expect(optionWords({ ...gold, winLost: '0' }, t)).toBe(
      'Gold option settled even: the stake is refunded.',
    );
    expect(optionWords({ ...gold, winLost: null }, t)).toBeNull();
  });

  it('never says a sign character: money is profit or loss in words', () => {
    for (const value of ['5', '-5', '0'])
      expect(closeWords('manual', { ...gold, profitLoss: value }, t)).not.toMatch(/[+\-−]\d/);
  });
});
