import { describe, expect, it } from 'vitest';
import type { PriceAlert } from '../../core/contract/alerts';
import {
  DRAFT_LINE,
  IDLE,
  alertLines,
  conditionOf,
  createRequest,
  levelAt,
  nextDraft,
} from './alert-lines.logic';
import type { AlertDraft } from './alert-lines.logic';

const alert = (over: Partial<PriceAlert>): PriceAlert => ({
  id: '1',
  symbol: 'EURUSD',
  mode: 'market',
  condition: 'bid_above',
  level: '1.16120',
  percent: null,
  referencePrice: null,
  note: '',
  state: 'active',
  createdAtTs: 0,
  firedAtTs: null,
  firedPrice: null,
  ...over,
});

describe('the level a dropped alert line means', () => {
  it('asks for the bid to rise above it and to fall below it, and nothing at the bid', () => {
    expect(conditionOf('1.16120', '1.16000')).toBe('bid_above');
    expect(conditionOf('1.15990', '1.16000')).toBe('bid_below');
    expect(conditionOf('1.16000', '1.16')).toBeNull();
  });

  it("rounds to the product's precision and refuses what is not a positive price", () => {
    expect(levelAt(1.161234, 5)).toBe('1.16123');
    expect(levelAt(65432.126, 2)).toBe('65432.13');
    expect(levelAt(99.6, 0)).toBe('100');
    expect(levelAt(0.000001, 2)).toBeNull();
    expect(levelAt(-3, 2)).toBeNull();
    expect(levelAt(Number.NaN, 2)).toBeNull();
  });
});

describe("the trader's alerts as lines", () => {
  it('draws the active level alerts of the shown symbol only', () => {
    const lines = alertLines(
      [
        alert({ id: '1' }),
        alert({ id: '2', condition: 'ask_below', level: '1.15000' }),
        alert({ id: '3', symbol: 'GBPUSD' }),
        alert({ id: '4', state: 'fired' }),
        alert({ id: '5', condition: 'move_pct', level: null, percent: '2', referencePrice: '1.16' }),
      ],
      'EURUSD',
    );
    expect(lines).toEqual([
      { id: 'alert:1', alertId: '1', condition: 'bid_above', level: '1.16120' },
      { id: 'alert:2', alertId: '2', condition: 'ask_below', level: '1.15000' },
    ]);
    expect(lines.some((l) => l.id === DRAFT_LINE)).toBe(false);
  });
});

describe('the steps of the alert tool', () => {
  const run = (events: Parameters<typeof nextDraft>[1][], from: AlertDraft = IDLE) =>
    events.reduce(nextDraft, from);
  const start = { type: 'start', bid: '1.16000', precision: 5 } as const;
  const drop = (value: number) => ({ type: 'drop', value, bid: '1.16000', precision: 5 }) as const;

  it('starts at the bid and asks on a drop above it', () => {
    expect(run([start])).toEqual({ phase: 'placing', level: '1.16000' });
    expect(run([start, drop(1.161204)])).toEqual({ phase: 'ask', level: '1.16120', condition: 'bid_above' });
    expect(run([start, drop(1.15)])).toEqual({ phase: 'ask', level: '1.15000', condition: 'bid_below' });
  });

  it('starts nothing without a quote', () => {
    expect(run([{ type: 'start', bid: undefined, precision: 5 }])).toBe(IDLE);
  });

  it('keeps placing a line dropped on the bid or off the prices', () => {
    expect(run([start, drop(1.160001)])).toEqual({ phase: 'placing', level: '1.16000' });
    expect(run([start, drop(-1)])).toEqual({ phase: 'placing', level: '1.16000' });
  });

  it('ends on cancel, but not while the alert is on its way', () => {
    expect(run([start, drop(1.17), { type: 'cancel' }])).toBe(IDLE);
    const sending = run([start, drop(1.17), { type: 'confirm' }]);
    expect(sending).toEqual({ phase: 'sending', level: '1.17000', condition: 'bid_above' });
    expect(nextDraft(sending, { type: 'cancel' })).toBe(sending);
    expect(nextDraft(sending, drop(1.2))).toBe(sending);
  });

  it('ends when the server took it and asks again when it refused', () => {
    const sending = run([start, drop(1.17), { type: 'confirm' }]);
    expect(nextDraft(sending, { type: 'sent', ok: true })).toBe(IDLE);
    expect(nextDraft(sending, { type: 'sent', ok: false })).toEqual({ ...sending, phase: 'ask' });
  });

  it('confirms only a level the trader was asked about', () => {
    const placing = run([start]);
    expect(nextDraft(placing, { type: 'confirm' })).toBe(placing);
    expect(nextDraft(IDLE, { type: 'sent', ok: true })).toBe(IDLE);
  });

  it('sends the symbol, the mode, the condition and the level', () => {
    const asked = run([start, drop(1.15)]);
    if (asked.phase !== 'ask') throw new Error('not asked');
    expect(createRequest(asked, 'EURUSD', 'option')).toEqual({
      symbol: 'EURUSD',
      mode: 'option',
      condition: 'bid_below',
      level: '1.15000',
    });
  });
});
