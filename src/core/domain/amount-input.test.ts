import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalize } from './decimal';
import {
  amountIssue,
  amountIssueMessage,
  amountValue,
  clampAmount,
  editAmount,
  normalizeAmountText,
} from './amount-input';

describe('normalizeAmountText', () => {
  it.each([
    ['12.5', '12.5'],
    ['12,5', '12.5'],
    ['.5', '0.5'],
    [',5', '0.5'],
    ['１２．５', '12.5'],
    ['１２。５', '12.5'],
    ['๑๒.๕', '12.5'],
    ['1 000,50', '1000.50'],
    ['1\u00a0000', '1000'],
    [' 7 ', '7'],
    ['007', '7'],
    ['0', '0'],
    ['00.5', '0.5'],
    ['1e5', '1e5'],
    ['-3', '-3'],
    ['1,000.50', '1.000.50'],
    ['', ''],
  ])('shows %j as %j', (raw, shown) => {
    expect(normalizeAmountText(raw)).toBe(shown);
  });
});

describe('amountIssue', () => {
  it.each([
    ['', 2, null],
    ['12.5', 2, null],
    ['12.', 2, null],
    ['0.', 0, null],
    ['12.5', 0, { key: 'whole_only' }],
    ['12.', 0, null],
    ['1.234', 2, { key: 'decimals', decimals: 2 }],
    ['1.23456', 5, null],
    ['1.234567', 5, { key: 'decimals', decimals: 5 }],
    ['1e5', 2, { key: 'not_a_number' }],
    ['-3', 2, { key: 'not_a_number' }],
    ['1.000.50', 2, { key: 'not_a_number' }],
    ['1o0', 2, { key: 'not_a_number' }],
    ['.', 2, { key: 'not_a_number' }],
    ['1234567890123456', 2, { key: 'too_long', digits: 15 }],
    ['000000000000000001', 2, null],
  ])('%j with %i decimals: %j', (text, decimals, issue) => {
    expect(amountIssue(text, { decimals })).toEqual(issue);
  });
});

describe('amountValue', () => {
  it.each([
    ['12.5', 2, '12.5'],
    ['12,5', 2, '12.5'],
    ['.5', 5, '0.5'],
    ['12.', 0, '12'],
    ['007', 0, '7'],
    ['12.5', 0, null],
    ['1.234', 2, null],
    ['', 2, null],
    ['abc', 2, null],
  ])('%j with %i decimals is %j', (text, decimals, value) => {
    expect(amountValue(text, { decimals })).toBe(value);
  });
});

describe('clampAmount', () => {
  it.each([
    ['5', '10', '100', { value: '10', bound: 'min' }],
    ['500', '10', '100', { value: '100', bound: 'max' }],
    ['50', '10', '100', null],
    ['500', '10', null, null],
    [null, '10', '100', null],
  ] as const)('%j in [%j, %j]: %j', (value, min, max, expected) => {
    expect(clampAmount(value, min, max)).toEqual(expected);
  });
});

describe('amountIssueMessage', () => {
  it('names the decimals and the digits a message states', () => {
    expect(amountIssueMessage({ key: 'decimals', decimals: 4 })).toEqual({
      key: 'amount_input.decimals',
      vars: { decimals: '4' },
    });
    expect(amountIssueMessage({ key: 'whole_only' })).toEqual({ key: 'amount_input.whole_only' });
  });
});

/** An amount with at most `decimals` fraction digits, as a trader could mean it. */
const amountOf = (decimals: number) =>
  fc
    .tuple(
      fc.stringMatching(/^[1-9]\d{0,8}$|^0$/),
      fc.option(fc.stringMatching(new RegExp(`^\\d{0,${decimals}}$`)), { nil: undefined }),
    )
    .map(([whole, fraction]) => (fraction === undefined || decimals === 0 ? whole : `${whole}.${fraction}`));

/** How each character may arrive: plain, full width (IME), Thai digits, a comma for the point, with spaces. */
const WRITINGS = ['ascii', 'fullwidth', 'thai', 'comma', 'spaced'] as const;
function written(text: string, how: (typeof WRITINGS)[number]): string {
  return Array.from(text, (ch) => {
    if (ch === '.') return how === 'comma' ? ',' : how === 'fullwidth' ? '．' : '.';
    const d = ch.charCodeAt(0) - 48;
    if (how === 'fullwidth') return String.fromCharCode(0xff10 + d);
    if (how === 'thai') return String.fromCharCode(0x0e50 + d);
    return how === 'spaced' ? ` ${ch}` : ch;
  }).join('');
}
/** Typing: the field normalizes what it holds plus each new character. */
const typed = (raw: string) => Array.from(raw).reduce((shown, ch) => normalizeAmountText(shown + ch), '');
const digitsOf = (text: string) => normalizeAmountText(text).replace(/\D/g, '').replace(/^0+/, '');

describe('amount input properties', () => {
  it('sends what was typed or pasted, however it was written', () => {
    const meaning = fc
      .integer({ min: 0, max: 6 })
      .chain((decimals) => fc.tuple(fc.constant(decimals), amountOf(decimals)));
    fc.assert(
      fc.property(meaning, fc.constantFrom(...WRITINGS), ([decimals, meant], how) => {
        const raw = written(meant, how);
        const expected = normalize(meant.replace(/\.$/, ''));
        expect(amountValue(typed(raw), { decimals })).toBe(expected);
        expect(amountValue(raw, { decimals })).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('types and pastes alike: the field ends the same either way', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,- a１．๕。') }), (raw) => {
        expect(typed(raw)).toBe(normalizeAmountText(raw));
      }),
    );
  });

  it('never drops, adds or moves a digit (a leading point only gains its 0)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,-e a１๕。') }), (raw) => {
        // Each character alone, without the 0 a lone point gains.
        const ascii = Array.from(raw, (ch) => normalizeAmountText(ch).replace(/^0\.$/, '.')).join('');
        expect(digitsOf(normalizeAmountText(raw))).toBe(ascii.replace(/\D/g, '').replace(/^0+/, ''));
      }),
    );
  });

  it('refuses, with a reason, any text that is not digits and one point within the decimals', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 6 }), (raw, decimals) => {
        const state = editAmount(raw, { decimals });
        const shape = new RegExp(`^\\d{1,15}(\\.\\d{0,${decimals}})?$`);
        const plain = state.text.replace(/^0+(?=\d)/, '');
        if (state.text === '') expect(state.issue).toBeNull();
        else if (shape.test(plain) && (decimals > 0 || !plain.includes('.') || plain.endsWith('.')))
          expect(state.issue).toBeNull();
        else expect(state.issue).not.toBeNull();
      }),
    );
  });

  it('normalizes idempotently', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = normalizeAmountText(raw);
        expect(normalizeAmountText(once)).toBe(once);
      }),
    );
  });
});
