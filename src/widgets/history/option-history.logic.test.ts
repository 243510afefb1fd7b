import { describe, expect, it } from 'vitest';
import type { OptionOrder } from '../../core/contract/options';
import type { CallResult } from '../../core/runtime/types';
import { applyPage, asPage, initialPaging, nextPage } from '../_shared/paging';
import type { Paging } from '../_shared/paging';
import { optionHistoryQuery, optionPage, optionStatusKey, rateText } from './option-history.logic';
import type { WinLoss } from './option-history.logic';

const opt = (uid: string) => ({ id: `id-${uid}`, uid }) as OptionOrder;
type Answer = { items: OptionOrder[]; pages: number; totalWinLoss: string; todayWinLoss: string };
const answer = (items: OptionOrder[], pages: number): CallResult<Answer> => {
  const data = { items, pages, totalWinLoss: '120.5', todayWinLoss: '-3' };
  return { ok: true, data, envelope: { code: 0, msg: '', data } };
};
const INITIAL_OPTION_PAGING: Paging<OptionOrder, WinLoss> = initialPaging();
/** The option history's paging step: the shared one over the answer as a page. */
const applyOptionPage = (paging: Paging<OptionOrder, WinLoss>, page: number, result: CallResult<Answer>) =>
  applyPage(paging, page, asPage(result, optionPage));
const nextOptionPage = nextPage;

describe('option history paging', () => {
  it('asks for finished options 10 a page', () => {
    expect(optionHistoryQuery(3)).toEqual({ positionStatus: 1, limit: 10, page: 3 });
  });

  it('appends pages without repeating an option and stops at the last page', () => {
    const first = applyOptionPage(INITIAL_OPTION_PAGING, 1, answer([opt('a'), opt('b')], 2));
    expect(first).toMatchObject({ page: 1, done: false, summary: { total: '120.5', today: '-3' } });
    expect(nextOptionPage(first)).toBe(2);
    const second = applyOptionPage(first, 2, answer([opt('b'), opt('c')], 2));
    expect(second.items.map((o) => o.uid)).toEqual(['a', 'b', 'c']);
    expect(second.done).toBe(true);
    expect(nextOptionPage(second)).toBeNull();
  });

  it('stops on an empty page and pauses on a failure until retried', () => {
    expect(applyOptionPage(INITIAL_OPTION_PAGING, 1, answer([], 5)).done).toBe(true);
    const failed = applyOptionPage(INITIAL_OPTION_PAGING, 1, { ok: false, code: 'network', message: 'down' });
    expect(failed.error).toBe('down');
    expect(nextOptionPage(failed)).toBeNull();
  });

  it.each([
    ['0.85', '85%'],
    ['0.875', '87.5%'],
    ['1', '100%'],
    ['x', '--'],
  ])('shows rate %s as %s', (rate, text) => {
    expect(rateText(rate)).toBe(text);
  });

  it('labels running and finished options', () => {
    expect(optionStatusKey({ positionStatus: 0 })).toBe('history.option.status.0');
    expect(optionStatusKey({ positionStatus: 1 })).toBe('history.option.status.1');
  });
});
