import { describe, expect, it } from 'vitest';
import { translated } from './translations';

describe('translated', () => {
  const titles = { ja: '取引', 'zh-tw': '交易', de: ' ' };
  it.each([
    ['ja', '取引'],
    ['zh-TW', '交易'],
    ['de', 'Trade'],
    ['fr', 'Trade'],
    ['en', 'Trade'],
  ])('%s → %s (English for a missing or blank translation)', (language, text) => {
    expect(translated('Trade', titles, language)).toBe(text);
  });

  it('falls back to English without translations or with a value that is not text', () => {
    expect(translated('Trade', undefined, 'ja')).toBe('Trade');
    expect(translated('Trade', { ja: 7 } as never, 'ja')).toBe('Trade');
  });
});
