import { describe, expect, it } from 'vitest';
import { tabOfLink, transactionTabs, type TransactionLink, type TransactionTab } from './transaction-list';

describe('transactionTabs', () => {
  it.each([
    [
      ['market', 'option'],
      ['market', 'option', 'cash'],
    ],
    [
      ['option', 'market'],
      ['option', 'market', 'cash'],
    ],
    [['option'], ['option', 'cash']],
    [
      ['market', 'market'],
      ['market', 'cash'],
    ],
    [['quant'], ['cash']],
    [[], ['cash']],
  ])('modes %j → %j', (modes, tabs) => expect(transactionTabs(modes)).toEqual(tabs));
});

describe('tabOfLink', () => {
  const both: TransactionTab[] = ['market', 'option', 'cash'];
  const optionOnly: TransactionTab[] = ['option', 'cash'];
  it.each<[TransactionTab[], TransactionLink, TransactionTab]>([
    [both, {}, 'market'],
    [optionOnly, {}, 'option'],
    [both, { uid: 'M1' }, 'market'],
    [both, { optionUID: 'O1' }, 'option'],
    [both, { uid: 'M1', optionUID: 'O1' }, 'option'],
    [optionOnly, { uid: 'M1' }, 'option'],
    [both, { tab: 'cash' }, 'cash'],
    [both, { tab: 'option', uid: 'M1' }, 'market'],
    [both, { tab: 'nope' }, 'market'],
    [optionOnly, { tab: 'market' }, 'option'],
    [both, { depositList: true }, 'cash'],
    [both, { depositList: true, tab: 'option' }, 'option'],
    [['cash'], { uid: 'M1' }, 'cash'],
  ])('%j with %j opens %s', (tabs, link, tab) => expect(tabOfLink(tabs, link)).toBe(tab));
});
