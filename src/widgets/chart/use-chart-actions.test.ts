import { describe, expect, it } from 'vitest';
import { formatTime } from '../../core/domain/format';
import { screenshotName } from './use-chart-actions';

describe('screenshotName', () => {
  it('stamps the device time as formatTime does', () => {
    for (const at of [
      0,
      Date.UTC(2025, 0, 15, 12, 0, 0),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      1_767_225_600_000,
    ])
      expect(screenshotName('EURUSD', '5min', at)).toBe(
        `EURUSD-5min-${formatTime(at, 'YYYYMMDD-HHmmss')}.jpg`,
      );
  });

  it('names a chart without a symbol', () => {
    expect(screenshotName('', '1h', Date.UTC(2025, 0, 15))).toMatch(/^chart-1h-\d{8}-\d{6}\.jpg$/);
  });
});
