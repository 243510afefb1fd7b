import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  SHORT_DATE_TIME_FORMAT,
  formatAmount,
  formatPercent,
  formatPrice,
  formatTime,
  formatVolume,
} from './format';

describe('formatPrice', () => {
  it.each([
    ['1.2345', 2, '1.23'],
    ['1.235', 2, '1.24'],
    ['1.2', 5, '1.20000'],
    ['0.1', 2, '0.10'],
    ['99.995', 2, '100.00'],
    ['-1.005', 2, '-1.01'],
    ['-0.001', 2, '0.00'],
    ['12345.6789', 0, '12346'],
    ['000123.40', 3, '123.400'],
    ['.5', 1, '0.5'],
    ['1e-7', 8, '0.00000010'],
    ['1.5E3', 1, '1500.0'],
    ['123456789012345678901234.5', 1, '123456789012345678901234.5'],
  ])('shows %s with precision %i as %s', (value, precision, expected) => {
    expect(formatPrice(value, precision)).toBe(expected);
  });

  it('rounds a float that would misbehave as a number exactly as written', () => {
    expect(formatPrice('1.005', 2)).toBe('1.01');
    expect(formatPrice(1.005, 2)).toBe('1.01');
  });

  it.each([[''], ['abc'], ['1.2.3'], [null], [undefined], [Number.NaN], ['-'], ['.']])(
    'shows %s as a dash pair',
    (value) => {
      expect(formatPrice(value as string, 2)).toBe('--');
    },
  );

  it('falls back to 2 decimals for an invalid precision', () => {
    expect(formatPrice('1.234', -1)).toBe('1.23');
    expect(formatPrice('1.234', 1.5)).toBe('1.23');
  });
});

describe('formatPercent', () => {
  it.each([
    ['1.2', '+1.20%'],
    ['-0.42', '-0.42%'],
    ['0', '0.00%'],
    ['-0.004', '0.00%'],
    ['0.005', '+0.01%'],
    ['+3', '+3.00%'],
    ['x', '--'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });
});

describe('formatAmount', () => {
  it.each([
    ['1234567.891', {}, '1,234,567.89'],
    ['1234567.891', { thousands: false }, '1234567.89'],
    ['999.999', {}, '1,000.00'],
    ['-1234.5', {}, '-1,234.50'],
    ['12.34567', { decimals: 4 }, '12.3457'],
    ['100', { decimals: 0 }, '100'],
    ['0', {}, '0.00'],
  ])('shows %s with %o as %s', (value, options, expected) => {
    expect(formatAmount(value, options)).toBe(expected);
  });
});

describe('formatVolume', () => {
  it.each([
    ['0', '0.00'],
    ['999.994', '999.99'],
    ['999.995', '1.00K'],
    ['1234', '1.23K'],
    ['999999', '1.00M'],
    ['1234567.89', '1.23M'],
    ['4560000000', '4.56B'],
    ['1234567890123', '1234.57B'],
    ['-2500', '-2.50K'],
    ['n/a', '--'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatVolume(value)).toBe(expected);
  });
});

describe('formatTime', () => {
  const ms = Date.UTC(2024, 0, 15, 13, 5, 9);

  it.each([
    [DATE_FORMAT, 'UTC', '2024-01-15'],
    [DATE_TIME_FORMAT, 'UTC', '2024-01-15 13:05:09'],
    [SHORT_DATE_TIME_FORMAT, 'UTC', '01-15 13:05:09'],
    [DATE_TIME_FORMAT, 'America/New_York', '2024-01-15 08:05:09'],
    [DATE_TIME_FORMAT, 'Europe/London', '2024-01-15 13:05:09'],
    [DATE_TIME_FORMAT, 'Asia/Tokyo', '2024-01-15 22:05:09'],
  ])('formats with %s in %s as %s', (pattern, tz, expected) => {
    expect(formatTime(ms, pattern, tz)).toBe(expected);
  });

  it('follows US daylight saving in New York', () => {
    expect(formatTime(Date.UTC(2024, 6, 1, 12, 0, 0), DATE_TIME_FORMAT, 'America/New_York')).toBe(
      '2024-07-01 08:00:00',
    );
  });

  it('uses the device zone for "device", an empty zone or an unknown zone name', () => {
    const local = formatTime(ms, DATE_TIME_FORMAT);
    expect(formatTime(ms, DATE_TIME_FORMAT, 'device')).toBe(local);
    expect(formatTime(ms, DATE_TIME_FORMAT, '')).toBe(local);
    expect(formatTime(ms, DATE_TIME_FORMAT, 'Mars/Olympus')).toBe(local);
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatTime(Date.UTC(2024, 1, 29, 0, 0, 0), DATE_TIME_FORMAT, 'UTC')).toBe('2024-02-29 00:00:00');
  });

  it('crosses the date line with the zone', () => {
    expect(formatTime(Date.UTC(2024, 11, 31, 20, 30, 0), DATE_TIME_FORMAT, 'Asia/Tokyo')).toBe(
      '2025-01-01 05:30:00',
    );
  });

  it('formats milliseconds and keeps bracketed text literally', () => {
    expect(formatTime(ms + 42, '[at] HH:mm:ss.SSS [DD]', 'UTC')).toBe('at 13:05:09.042 DD');
  });

  it('reads the device zone like the Date getters do', () => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    expect(formatTime(ms)).toBe(local);
  });

  it('shows a dash pair for a missing timestamp', () => {
    expect(formatTime(null)).toBe('--');
    expect(formatTime(Number.NaN)).toBe('--');
  });
});
