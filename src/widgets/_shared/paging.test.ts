import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../core/runtime/types';
import { applyPage, initialPaging, nextPage, type PageOf } from './paging';

describe('applyPage (the infinite lists: wallet, records, notifications)', () => {
  const row = (id: string) => ({ id });
  const ok = (list: { id: string }[], pages: number): CallResult<PageOf<{ id: string }>> => ({
    ok: true,
    data: { list, pages },
    envelope: { code: 0, msg: 'success', data: { list, pages } },
  });
  const failed = (code: number): CallResult<PageOf<{ id: string }>> => ({
    ok: false,
    code,
    message: `failed (${code})`,
  });

  it('appends pages and stops at the last one', () => {
    const first = applyPage(initialPaging<{ id: string }>(), 1, ok([row('3'), row('2')], 2));
    expect(first).toMatchObject({ page: 1, done: false });
    expect(nextPage(first)).toBe(2);
    const second = applyPage(first, 2, ok([row('2'), row('1')], 2));
    expect(second.items.map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(second.done).toBe(true);
    expect(nextPage(second)).toBeNull();
  });

  it('stops on an empty list', () => {
    expect(applyPage(initialPaging<{ id: string }>(), 1, ok([], 0)).done).toBe(true);
  });

  it('pauses on a failure until retried', () => {
    const paused = applyPage(initialPaging<{ id: string }>(), 1, failed(1001));
    expect(paused.error).toBe('failed (1001)');
    expect(nextPage(paused)).toBeNull();
  });

  it('gives up after more than 5 answers with code -1', () => {
    let paging = initialPaging<{ id: string }>();
    for (let i = 0; i < 5; i += 1) paging = applyPage(paging, 1, failed(-1));
    expect(paging.done).toBe(false);
    expect(applyPage(paging, 1, failed(-1)).done).toBe(true);
  });
});

describe('applyPage without a page count', () => {
  it('stops when the answer names no pages', () => {
    const result = {
      ok: true,
      data: { list: [{ id: '1' }] },
      envelope: { code: 0, msg: 'success', data: {} },
    } as unknown as CallResult<PageOf<{ id: string }>>;
    expect(applyPage(initialPaging<{ id: string }>(), 1, result)).toMatchObject({ done: true, pages: null });
  });
});
