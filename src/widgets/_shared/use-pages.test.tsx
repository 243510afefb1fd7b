// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallResult } from '../../core/runtime/types';
import type { PageOf, PageRules } from './paging';
import { usePages } from './use-pages';

type Row = { id: string };
type Answer = CallResult<PageOf<Row>>;

/** A fetch whose answers the test gives, page by page, in any order. */
function controlledFetch() {
  const asked: { page: number; answer: (result: Answer) => Promise<void> }[] = [];
  const fetchPage = (page: number) =>
    new Promise<Answer>((resolve) => {
      asked.push({ page, answer: async (result) => act(async () => resolve(result)) });
    });
  return { asked, fetchPage };
}

const ok = (ids: string[], pages: number): Answer => ({
  ok: true,
  data: { list: ids.map((id) => ({ id })), pages },
  envelope: { code: 0, msg: 'success', data: { list: ids.map((id) => ({ id })), pages } },
});
const failed: Answer = { ok: false, code: 500, message: 'failed (500)' };

afterEach(cleanup);

describe('usePages', () => {
  it('asks nothing while the key is null and page 1 once it is set', () => {
    const { asked, fetchPage } = controlledFetch();
    const view = renderHook(({ key }) => usePages<Row>(key, fetchPage), {
      initialProps: { key: null as string | null },
    });
    expect(asked).toHaveLength(0);
    view.rerender({ key: 'u1' });
    expect(asked.map((a) => a.page)).toEqual([1]);
    expect(view.result.current.loading).toBe(true);
  });

  it('appends the next page on loadMore, asks once while one is on its way, and stops at the last', async () => {
    const { asked, fetchPage } = controlledFetch();
    const view = renderHook(() => usePages<Row>('u1', fetchPage));
    act(() => view.result.current.loadMore());
    expect(asked).toHaveLength(1);
    await asked[0]!.answer(ok(['3', '2'], 2));
    act(() => view.result.current.loadMore());
    act(() => view.result.current.loadMore());
    expect(asked.map((a) => a.page)).toEqual([1, 2]);
    await asked[1]!.answer(ok(['1'], 2));
    expect(view.result.current.paging.items.map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(view.result.current.paging.done).toBe(true);
    act(() => view.result.current.loadMore());
    expect(asked).toHaveLength(2);
  });

  it('starts again at page 1 on a new key and drops the answer for the earlier list', async () => {
    const { asked, fetchPage } = controlledFetch();
    const view = renderHook(({ key }) => usePages<Row>(key, fetchPage), { initialProps: { key: 'deal' } });
    view.rerender({ key: 'pending' });
    expect(asked.map((a) => a.page)).toEqual([1, 1]);
    await asked[1]!.answer(ok(['p1'], 1));
    await asked[0]!.answer(ok(['d1'], 1));
    expect(view.result.current.paging.items.map((r) => r.id)).toEqual(['p1']);
  });

  it('pauses on a failure until retry, which asks for the same page again', async () => {
    const { asked, fetchPage } = controlledFetch();
    const view = renderHook(() => usePages<Row>('u1', fetchPage));
    await asked[0]!.answer(failed);
    expect(view.result.current.paging.error).toBe('failed (500)');
    act(() => view.result.current.loadMore());
    expect(asked).toHaveLength(1);
    act(() => view.result.current.retry());
    expect(view.result.current.paging.error).toBeNull();
    expect(asked.map((a) => a.page)).toEqual([1, 1]);
  });

  it('reload starts again at page 1 with the same key', async () => {
    const { asked, fetchPage } = controlledFetch();
    const view = renderHook(() => usePages<Row>('u1', fetchPage));
    await asked[0]!.answer(ok(['a'], 1));
    act(() => view.result.current.reload());
    expect(view.result.current.paging.items).toEqual([]);
    expect(asked.map((a) => a.page)).toEqual([1, 1]);
  });

  it('pages by a list’s own rules', async () => {
    type Totals = { sum: number; page: number; error: string | null };
    const rules: PageRules<Totals, number> = {
      initial: { sum: 0, page: 0, error: null },
      next: (p) => (p.page < 2 ? p.page + 1 : null),
      apply: (p, page, n) => ({ ...p, sum: p.sum + n, page }),
    };
    const pages: number[] = [];
    const view = renderHook(() =>
      usePages('k', (page) => (pages.push(page), Promise.resolve(page * 10)), rules),
    );
    await act(async () => undefined);
    act(() => view.result.current.loadMore());
    await act(async () => undefined);
    act(() => view.result.current.loadMore());
    expect(view.result.current.paging).toEqual({ sum: 30, page: 2, error: null });
    expect(pages).toEqual([1, 2]);
  });
});
