import { describe, expect, it } from 'vitest';
import { AlarmType, CODE_TEXT_ACTION } from '../../core/contract/notifications';
import { notificationText } from './notification-text';

/** A `t` that shows the key it was given and its values, so the test sees which text is picked. */
const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);
const KEY = 'notifications.alarm.729005';

const fired = (
  content: string,
  paymentPrice: string | null = '100600.00',
  paymentUnit: string | null = 'BTCUSDT',
) => ({
  actionType: CODE_TEXT_ACTION,
  alarmType: AlarmType.priceAlert,
  title: '',
  content,
  paymentPrice,
  paymentUnit,
});

describe('notificationText of a price alert (729005)', () => {
  it('phrases the stored alert by its condition, with the note on a line of its own', () => {
    const content = JSON.stringify({
      id: '7',
      symbol: 'BTCUSDT',
      condition: 'bid_above',
      level: '100500.00',
      percent: null,
      firedPrice: '100600.00',
      note: 'take profit?',
    });
    expect(notificationText(fired(content), t)).toEqual({
      title: `${KEY}.title`,
      body:
        `${KEY}.bid_above {"symbol":"BTCUSDT","price":"100600.00","level":"100500.00","percent":""}\n` +
        `${KEY}.note {"note":"take profit?"}`,
    });
    const moved = JSON.stringify({
      symbol: 'EURUSD',
      condition: 'move_pct',
      percent: '2.5',
      firedPrice: '1.10415',
    });
    expect(notificationText(fired(moved), t).body).toBe(
      `${KEY}.move_pct {"symbol":"EURUSD","price":"1.10415","level":"","percent":"2.5"}`,
    );
  });

  it('says the symbol reached the price from a live push (no content) or content it cannot read', () => {
    const expected = { title: `${KEY}.title`, body: `${KEY}.body {"symbol":"BTCUSDT","price":"100600.00"}` };
    expect(notificationText(fired(''), t)).toEqual(expected);
    expect(notificationText(fired('{not json'), t)).toEqual(expected);
    expect(notificationText(fired('{"condition":"sideways"}'), t)).toEqual(expected);
  });
});
