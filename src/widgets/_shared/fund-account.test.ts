import { describe, expect, it } from 'vitest';
import { parseFundActions } from './fund-account';

describe('parseFundActions', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['demo', ['demo']],
    ['demo deposit', ['deposit', 'demo']],
    ['deposit,demo,demo', ['deposit', 'demo']],
    ['  demo   cashier ', ['demo']],
    ['DEMO', []],
  ])('%j → %j', (text, expected) => {
    expect(parseFundActions(text)).toEqual(expected);
  });
});
