import { describe, expect, it } from 'vitest';
import type { SessionHours } from '../contract/types';
import {
  isMarketOpen,
  isUsDst,
  nextClose,
  nextOpen,
  parseClock,
  sessionStart,
  utcWeekday,
} from './market-hours';

const day = (start: string, close: string): SessionHours => ({
  marketStartTime: start,
  marketCloseTime: close,
});
const closed: SessionHours = { marketStartTime: null, marketCloseTime: null };
const allDay = day('00:00', '24:00');

const crypto: SessionHours[] = Array.from({ length: 7 }, () => allDay);
const forex: SessionHours[] = [
  day('22:00', '24:00'),
  allDay,
  allDay,
  allDay,
  allDay,
  day('00:00', '22:00'),
  closed,
];
const stocks: SessionHours[] = [closed, ...Array.from({ length: 5 }, () => day('14:30', '21:00')), closed];
const mondayOnly: SessionHours[] = [closed, day('12:00', '24:00'), closed, closed, closed, closed, closed];

const at = (iso: string) => Date.parse(iso);

describe('isUsDst', () => {
  it.each([
    ['2026-01-15T12:00:00Z', false],
    ['2026-03-08T06:59:59Z', false],
    ['2026-03-08T07:00:00Z', true],
    ['2026-07-04T00:00:00Z', true],
    ['2026-11-01T05:59:59Z', true],
    ['2026-11-01T06:00:00Z', false],
    ['2027-03-14T07:00:00Z', true],
    ['2027-03-13T12:00:00Z', false],
  ])('at %s is %s', (iso, expected) => {
    expect(isUsDst(at(iso))).toBe(expected);
  });
});

describe('parseClock', () => {
  it.each([
    ['00:00', 0],
    ['14:30', 870],
    ['24:00', 1440],
    ['24:30', Number.NaN],
    ['9:30', Number.NaN],
    ['12:60', Number.NaN],
  ])('reads %s as %d minutes', (text, expected) => {
    expect(parseClock(text)).toBe(expected);
  });
});

describe('utcWeekday', () => {
  it('counts Sunday as 0, also before 1970', () => {
    expect(utcWeekday(at('2026-03-08T12:00:00Z'))).toBe(0);
    expect(utcWeekday(at('2026-03-07T23:59:59Z'))).toBe(6);
    expect(utcWeekday(at('1969-12-28T00:00:00Z'))).toBe(0);
  });
});

describe('isMarketOpen', () => {
  it.each([
    ['crypto on a Saturday', crypto, '2026-03-07T12:00:00Z', true],
    ['crypto across the DST switch', crypto, '2026-03-08T07:00:00Z', true],
    ['forex on a Saturday', forex, '2026-03-07T12:00:00Z', false],
    ['forex on Sunday 21:30 in winter', forex, '2026-03-01T21:30:00Z', false],
    ['forex on Sunday 22:00 in winter', forex, '2026-03-01T22:00:00Z', true],
    ['forex on Sunday 21:00 in summer', forex, '2026-03-08T21:00:00Z', true],
    ['forex on Sunday 20:59 in summer', forex, '2026-03-08T20:59:59Z', false],
    ['forex at Monday midnight', forex, '2026-03-02T00:00:00Z', true],
    ['forex on Friday 21:59 in winter', forex, '2026-02-27T21:59:59Z', true],
    ['forex on Friday 22:00 in winter', forex, '2026-02-27T22:00:00Z', false],
    ['forex on Friday 21:00 in summer', forex, '2026-03-13T21:00:00Z', false],
    ['forex on the Sunday DST ends, 21:30', forex, '2026-11-01T21:30:00Z', false],
    ['forex on the Sunday DST ends, 22:00', forex, '2026-11-01T22:00:00Z', true],
    ['stocks on Friday 14:29 in winter', stocks, '2026-03-06T14:29:59Z', false],
    ['stocks on Friday 14:30 in winter', stocks, '2026-03-06T14:30:00Z', true],
    ['stocks on Monday 13:30 in summer', stocks, '2026-03-09T13:30:00Z', true],
    ['stocks on Monday 19:59 in summer', stocks, '2026-03-09T19:59:59Z', true],
    ['stocks on Monday 20:00 in summer', stocks, '2026-03-09T20:00:00Z', false],
    ['stocks on a Sunday', stocks, '2026-03-08T15:00:00Z', false],
    ['a 24:00 close, one second before midnight', mondayOnly, '2026-01-05T23:59:59Z', true],
    ['a 24:00 close, at midnight', mondayOnly, '2026-01-06T00:00:00Z', false],
  ])('%s is %s', (_label, sessions, iso, expected) => {
    expect(isMarketOpen(sessions, at(iso))).toBe(expected);
  });

  it('treats missing and malformed days as closed', () => {
    expect(isMarketOpen([], at('2026-03-09T15:00:00Z'))).toBe(false);
    expect(isMarketOpen(Array(7).fill(day('25:00', '26:00')), at('2026-03-09T15:00:00Z'))).toBe(false);
  });
});

describe('nextOpen', () => {
  it.each([
    [
      'stocks from a Saturday before the DST switch',
      stocks,
      '2026-03-07T12:00:00Z',
      '2026-03-09T13:30:00.000Z',
    ],
    [
      'stocks from Friday evening before DST ends',
      stocks,
      '2026-10-30T22:00:00Z',
      '2026-11-02T14:30:00.000Z',
    ],
    ['forex from a Saturday', forex, '2026-03-07T12:00:00Z', '2026-03-08T21:00:00.000Z'],
    ['stocks while open (now)', stocks, '2026-03-09T15:00:00Z', '2026-03-09T15:00:00.000Z'],
    ['a Monday-only market from Tuesday', mondayOnly, '2026-01-06T00:00:00Z', '2026-01-12T12:00:00.000Z'],
  ])('%s is %s', (_label, sessions, iso, expected) => {
    expect(new Date(nextOpen(sessions, at(iso)) ?? 0).toISOString()).toBe(expected);
  });

  it('is null for a market that never opens', () => {
    expect(nextOpen(Array(7).fill(closed), at('2026-03-09T15:00:00Z'))).toBeNull();
  });
});

describe('nextClose', () => {
  it('finds the summer close of a stock session', () => {
    expect(new Date(nextClose(stocks, at('2026-03-09T15:00:00Z')) ?? 0).toISOString()).toBe(
      '2026-03-09T20:00:00.000Z',
    );
  });

  it('finds the Friday close of forex through the midnights of the week', () => {
    expect(new Date(nextClose(forex, at('2026-03-02T10:00:00Z')) ?? 0).toISOString()).toBe(
      '2026-03-06T22:00:00.000Z',
    );
  });

  it('is null for a market open around the clock', () => {
    expect(nextClose(crypto, at('2026-03-09T15:00:00Z'))).toBeNull();
  });
});

describe('sessionStart', () => {
  it.each([
    ['stocks in summer', stocks, '2026-03-09T15:00:00Z', '2026-03-09T13:30:00.000Z'],
    ['forex on a Monday (UTC day)', forex, '2026-03-09T10:00:00Z', '2026-03-09T00:00:00.000Z'],
    ['forex on the opening Sunday in summer', forex, '2026-03-08T22:30:00Z', '2026-03-08T21:00:00.000Z'],
    ['crypto (UTC day)', crypto, '2026-03-07T12:34:56Z', '2026-03-07T00:00:00.000Z'],
  ])('for %s is %s', (_label, sessions, iso, expected) => {
    expect(new Date(sessionStart(sessions, at(iso)) ?? 0).toISOString()).toBe(expected);
  });

  it('is null while the market is closed', () => {
    expect(sessionStart(stocks, at('2026-03-07T15:00:00Z'))).toBeNull();
  });
});
