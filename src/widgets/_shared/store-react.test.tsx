// @vitest-environment jsdom
// EK45: useAtomSelect renders again when what it selects changes, and keeps its source mounted.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atom, createIsolatedStore } from '../../core/state/store';
import { Provider, useAtomSelect } from './store-react';

const sizeOf = (map: ReadonlyMap<string, number>) => map.size;

describe('useAtomSelect (EK45)', () => {
  afterEach(cleanup);

  it('renders again only when the selected answer changes, and keeps the source mounted while shown', () => {
    const store = createIsolatedStore();
    const source = atom<ReadonlyMap<string, number>>(new Map());
    const unmount = vi.fn();
    const mount = vi.fn(() => unmount);
    source.onMount = mount;
    let renders = 0;
    function Size() {
      renders += 1;
      return <p data-testid="size">{useAtomSelect(source, sizeOf)}</p>;
    }
    const view = render(
      <Provider store={store}>
        <Size />
      </Provider>,
    );
    expect(mount).toHaveBeenCalledOnce();
    expect(view.getByTestId('size').textContent).toBe('0');
    const first = renders;
    act(() => store.set(source, new Map([['a', 1]])));
    expect(view.getByTestId('size').textContent).toBe('1');
    expect(renders).toBe(first + 1);
    // New maps of the same size: the same answer, no render.
    for (let i = 2; i < 6; i++) act(() => store.set(source, new Map([['a', i]])));
    expect(renders).toBe(first + 1);
    act(() =>
      store.set(
        source,
        new Map([
          ['a', 1],
          ['b', 2],
        ]),
      ),
    );
    expect(view.getByTestId('size').textContent).toBe('2');
    expect(renders).toBe(first + 2);
    view.unmount();
    expect(unmount).toHaveBeenCalledOnce();
  });
});
