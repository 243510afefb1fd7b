import { describe, expect, it } from 'vitest';
import {
  DATE_TIME_FORMAT,
  SHORT_DATE_TIME_FORMAT,
  displayZone,
  formatZonedTime,
  offsetLabel,
  zoneName,
  zoneOffsetMinutes,
} from './format';

const at = (iso: string) => Date.parse(iso);

// The moment of issue #26 item 8: the back office showed "11/29/2026, 01:51:34 AM", the trader "2026-11-28 20:51:34".
const ISSUE_MOMENT = at('2026-11-29T01:51:34Z');

describe('formatZonedTime', () => {
  it.each([
    // The brands' zones (spec §9: New York, London, Abidjan) in winter and summer.
    ['America/New_York', ISSUE_MOMENT, '2026-11-28 20:51:34 UTC-5'],
    ['America/New_York', at('2026-07-01T12:00:00Z'), '2026-07-01 08:00:00 UTC-4'],
    ['Europe/London', ISSUE_MOMENT, '2026-11-29 01:51:34 UTC'],
    ['Europe/London', at('2026-07-01T12:00:00Z'), '2026-07-01 13:00:00 UTC+1'],
    ['Africa/Abidjan', at('2026-07-01T12:00:00Z'), '2026-07-01 12:00:00 UTC'],
    ['UTC', ISSUE_MOMENT, '2026-11-29 01:51:34 UTC'],
    // New York's spring gap: 01:59:59 EST is followed by 03:00:00 EDT.
    ['America/New_York', at('2026-03-08T06:59:59Z'), '2026-03-08 01:59:59 UTC-5'],
    ['America/New_York', at('2026-03-08T07:00:00Z'), '2026-03-08 03:00:00 UTC-4'],
    // New York's autumn repeat: 01:30 happens twice, told apart only by the offset.
    ['America/New_York', at('2026-11-01T05:30:00Z'), '2026-11-01 01:30:00 UTC-4'],
    ['America/New_York', at('2026-11-01T06:30:00Z'), '2026-11-01 01:30:00 UTC-5'],
    // London's change: 00:59:59 GMT, then 02:00:00 BST.
    ['Europe/London', at('2026-03-29T00:59:59Z'), '2026-03-29 00:59:59 UTC'],
    ['Europe/London', at('2026-03-29T01:00:00Z'), '2026-03-29 02:00:00 UTC+1'],
    // Southern-hemisphere daylight saving, across the date line.
    ['Australia/Sydney', at('2026-01-15T00:00:00Z'), '2026-01-15 11:00:00 UTC+11'],
    ['Australia/Sydney', at('2026-07-15T00:00:00Z'), '2026-07-15 10:00:00 UTC+10'],
    // Offsets that are not whole hours, with and without daylight saving.
    ['Asia/Kolkata', ISSUE_MOMENT, '2026-11-29 07:21:34 UTC+5:30'],
    ['Asia/Kathmandu', ISSUE_MOMENT, '2026-11-29 07:36:34 UTC+5:45'],
    ['America/St_Johns', ISSUE_MOMENT, '2026-11-28 22:21:34 UTC-3:30'],
    ['America/St_Johns', at('2026-07-01T12:00:00Z'), '2026-07-01 09:30:00 UTC-2:30'],
    ['Australia/Lord_Howe', at('2026-01-15T00:00:00Z'), '2026-01-15 11:00:00 UTC+11'],
    ['Australia/Lord_Howe', at('2026-07-15T00:00:00Z'), '2026-07-15 10:30:00 UTC+10:30'],
    ['Asia/Tokyo', at('2026-12-31T15:00:00Z'), '2027-01-01 00:00:00 UTC+9'],
  ])('shows a moment in %s with its offset', (zone, ms, expected) => {
    expect(formatZonedTime(ms, zone)).toBe(expected);
  });

  it('keeps whole seconds of a moment with milliseconds, and the offset of that moment', () => {
    expect(formatZonedTime(at('2026-03-08T06:59:59.999Z'), 'America/New_York')).toBe(
      '2026-03-08 01:59:59 UTC-5',
    );
  });

  it('takes the pattern of the list (spec §9 display format)', () => {
    expect(formatZonedTime(ISSUE_MOMENT, 'America/New_York', SHORT_DATE_TIME_FORMAT)).toBe(
      '11-28 20:51:34 UTC-5',
    );
  });

  it('states the device offset for a brand that shows device time, and for a zone Intl does not know', () => {
    const device = offsetLabel(zoneOffsetMinutes(ISSUE_MOMENT));
    expect(formatZonedTime(ISSUE_MOMENT, 'device').endsWith(` ${device}`)).toBe(true);
    expect(formatZonedTime(ISSUE_MOMENT, 'Mars/Olympus')).toBe(formatZonedTime(ISSUE_MOMENT, 'device'));
    expect(formatZonedTime(ISSUE_MOMENT, null, DATE_TIME_FORMAT)).toBe(formatZonedTime(ISSUE_MOMENT, ''));
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('shows %s as a dash pair', (value) => {
    expect(formatZonedTime(value, 'America/New_York')).toBe('--');
  });
});

describe('offsetLabel', () => {
  it.each([
    [0, 'UTC'],
    [60, 'UTC+1'],
    [-300, 'UTC-5'],
    [330, 'UTC+5:30'],
    [345, 'UTC+5:45'],
    [-210, 'UTC-3:30'],
    [840, 'UTC+14'],
    [-720, 'UTC-12'],
  ])('writes %i minutes as %s', (minutes, expected) => {
    expect(offsetLabel(minutes)).toBe(expected);
  });
});

describe('zoneName', () => {
  it.each([
    ['America/New_York', 'New York'],
    ['Europe/London', 'London'],
    ['Africa/Abidjan', 'Abidjan'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires'],
    ['UTC', 'UTC'],
    ['Etc/UTC', 'UTC'],
  ])('names %s "%s"', (zone, expected) => {
    expect(zoneName(zone)).toBe(expected);
  });

  it('names the device zone for a brand that shows device time', () => {
    expect(displayZone('device')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(displayZone('Mars/Olympus')).toBe(displayZone(''));
    expect(displayZone('America/New_York')).toBe('America/New_York');
  });
});
