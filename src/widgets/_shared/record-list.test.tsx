// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CARD_LAYOUT_MAX_WIDTH,
  LayoutBox,
  RecordList,
  RecordTitle,
  layoutForWidth,
  useRecordLayout,
} from './record-list';
import type { RecordField } from './record-list';
import { FakeResizeObserver, stubWidgetWidth } from './resize-observer.fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Row {
  id: string;
  symbol: string;
  name: string;
  pnl: string;
  lots: string;
  closed: string | null;
}

const ROWS: Row[] = [
  { id: 'a', symbol: 'EURUSD', name: 'Euro / US Dollar', pnl: '+1.00', lots: '0.10', closed: '10:00' },
  { id: 'b', symbol: 'GOLD', name: 'GOLD', pnl: '-2.00', lots: '1.00', closed: null },
];

const FIELDS: RecordField<Row>[] = [
  { id: 'lots', label: 'Lots', value: (r) => r.lots, numeric: true },
  {
    id: 'pnl',
    label: 'P&L',
    value: (r) => r.pnl,
    tone: (r) => (r.pnl.startsWith('-') ? 'down' : 'up'),
    lead: true,
    testId: 'pnl',
  },
  { id: 'both', label: 'Both', value: () => 'both-value', only: 'table' },
  { id: 'sl', label: 'Stop loss', value: () => '1.05', only: 'cards' },
  {
    id: 'closed',
    label: 'Closed',
    labelOf: (r) => `Closed ${r.id}`,
    value: (r) => r.closed,
    omit: (r) => r.closed === null,
  },
];

function List({ onOpen }: { onOpen?: (row: Row) => void }) {
  return (
    <RecordList
      items={ROWS}
      keyOf={(r) => r.id}
      label="Orders"
      titleLabel="Product"
      title={(r) => <RecordTitle symbol={r.symbol} name={r.name} side="buy" sideLabel="Buy" />}
      fields={FIELDS}
      onOpen={onOpen}
      rowData={(r) => ({ 'data-order': r.id })}
    />
  );
}

describe('layoutForWidth', () => {
  it.each([
    // width, current, layout
    [390, 'table', 'cards'],
    [CARD_LAYOUT_MAX_WIDTH, 'table', 'cards'],
    [CARD_LAYOUT_MAX_WIDTH + 1, 'cards', 'table'],
    [1440, 'cards', 'table'],
    [0, 'cards', 'cards'],
    [0, 'table', 'table'],
    [Number.NaN, 'cards', 'cards'],
  ] as const)('%s px with %s now gives %s', (width, current, layout) => {
    expect(layoutForWidth(width, current)).toBe(layout);
  });
});

describe('<RecordList>', () => {
  it('shows a table outside a measured box, with the table-only column and no card-only field', () => {
    render(<List />);
    expect(screen.getByRole('table', { name: 'Orders' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Product',
      'Lots',
      'P&L',
      'Both',
      'Closed',
    ]);
    expect(screen.queryByText('Stop loss')).toBeNull();
  });

  it('shows cards in a narrow box: the lead figure by the title, every other field labelled, none omitted', () => {
    stubWidgetWidth(390);
    const onOpen = vi.fn();
    render(
      <LayoutBox className="box">
        <List onOpen={onOpen} />
      </LayoutBox>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first.dataset.order).toBe('a');
    expect(first.getAttribute('part')).toBe('row card');
    expect(within(first).getByText('EURUSD')).toBeTruthy();
    expect(within(first).getByText('Euro / US Dollar')).toBeTruthy();
    expect(within(first).getByTestId('pnl').textContent).toBe('+1.00');
    expect(within(first).getByTestId('pnl').dataset.tone).toBe('up');
    const labels = (card: HTMLElement) =>
      within(card)
        .getAllByRole('term')
        .map((dt) => dt.textContent);
    expect(labels(first)).toEqual(['Lots', 'Stop loss', 'Closed a']);
    expect(labels(second)).toEqual(['Lots', 'Stop loss']);
    expect(within(first).queryByText('both-value')).toBeNull();
    // A name equal to the symbol is not repeated.
    expect(within(second).getAllByText('GOLD')).toHaveLength(1);
    fireEvent.click(within(first).getByRole('button', { name: /EURUSD/ }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(ROWS[0]);
    fireEvent.click(second);
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
  });

  it('shows cards from the first render where the viewport is a phone’s, without reading a layout (EK66)', () => {
    stubWidgetWidth(0, { later: true });
    const queries: string[] = [];
    vi.stubGlobal('matchMedia', (query: string) => {
      queries.push(query);
      return { matches: query === `(max-width: ${CARD_LAYOUT_MAX_WIDTH}px)` };
    });
    const reads = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const renders: string[] = [];
    function Probe() {
      renders.push(useRecordLayout());
      return null;
    }
    try {
      const { container } = render(
        <LayoutBox className="box">
          <Probe />
          <List />
        </LayoutBox>,
      );
      expect(renders).toEqual(['cards']);
      expect(screen.getByRole('list', { name: 'Orders' })).toBeTruthy();
      expect(reads).not.toHaveBeenCalled();
      // The observer still follows the box (a box wider than its viewport: a page that scrolls sideways).
      act(() => FakeResizeObserver.resize(900));
      expect((container.querySelector('.box') as HTMLElement).dataset.layout).toBe('table');
      expect(queries).toContain(`(max-width: ${CARD_LAYOUT_MAX_WIDTH}px)`);
    } finally {
      reads.mockRestore();
    }
  });

  it('measures its box before the first paint where the viewport is wider than the cards’', () => {
    // No observer notice: the measure before the paint alone brings the cards.
    stubWidgetWidth(0, { later: true });
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const reads = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ width: 390 } as DOMRect);
    const renders: string[] = [];
    function Probe() {
      renders.push(useRecordLayout());
      return null;
    }
    try {
      render(
        <LayoutBox className="box">
          <Probe />
          <List />
        </LayoutBox>,
      );
      expect(reads).toHaveBeenCalled();
      expect(renders).toEqual(['table', 'cards']);
    } finally {
      reads.mockRestore();
    }
  });

  it('follows the width of its box, not of the window', () => {
    stubWidgetWidth(1200);
    const { container } = render(
      <LayoutBox className="box">
        <List />
      </LayoutBox>,
    );
    const box = container.querySelector('.box') as HTMLElement;
    expect(box.dataset.layout).toBe('table');
    act(() => FakeResizeObserver.resize(320));
    expect(box.dataset.layout).toBe('cards');
    expect(screen.getByRole('list', { name: 'Orders' })).toBeTruthy();
    // Hidden (0 px) keeps the layout it had.
    act(() => FakeResizeObserver.resize(0));
    expect(box.dataset.layout).toBe('cards');
    act(() => FakeResizeObserver.resize(900));
    expect(screen.getByRole('table', { name: 'Orders' })).toBeTruthy();
  });
});
