import { describe, expect, it } from 'vitest';
import type { Notification, NotificationPage } from '../../core/contract/notifications';
import type { CallResult } from '../../core/runtime/types';
import { applyPage, initialPaging, nextPage } from '../_shared/paging';
import { amountText, closeOutFacts, marksRead, queryFor, textSource } from './notifications.logic';
import { notificationText } from './notification-text';

const note = (overrides: Partial<Notification> = {}): Notification => ({
  id: '1',
  readStatus: 0,
  title: 'Own title',
  alarmType: 629012,
  actionType: 0,
  content: 'Own content',
  remark: '',
  timeStamp: 1_700_000_000_000,
  paymentPrice: null,
  ...overrides,
});
const ok = (list: Notification[], page: number, pages: number): CallResult<NotificationPage> => ({
  ok: true,
  data: { list, page, pages, total: pages * 10 },
  envelope: { code: 0, msg: 'success', data: { list, page, pages, total: pages * 10 } },
});
const failed = (code: number): CallResult<NotificationPage> => ({
  ok: false,
  code,
  message: `failed (${code})`,
});

describe('textSource (spec §8)', () => {
  it.each([
    [
      '629005 withdrawal rejected shows the amount',
      note({ alarmType: 629005, paymentPrice: '125.50' }),
      { kind: 'code', code: 629005, amount: '125.50' },
    ],
    [
      '629006 deposit rejected shows the amount',
      note({ alarmType: 629006, paymentPrice: '10.00' }),
      { kind: 'code', code: 629006, amount: '10.00' },
    ],
    [
      '629007 KYC rejected',
      note({ alarmType: 629007, paymentPrice: '3.00' }),
      { kind: 'code', code: 629007, amount: null },
    ],
    ['629012 new message', note({ alarmType: 629012 }), { kind: 'code', code: 629012, amount: null }],
    ['629021 loan rejected', note({ alarmType: 629021 }), { kind: 'code', code: 629021, amount: null }],
    [
      '729001 deposit credited shows the amount and its unit (AN1)',
      note({ alarmType: 729001, paymentPrice: '1234.50', paymentUnit: 'USD' }),
      { kind: 'code', code: 729001, amount: '1234.50', unit: 'USD' },
    ],
    [
      '729002 withdrawal paid shows the amount and its unit',
      note({ alarmType: 729002, paymentPrice: '275.00', paymentUnit: 'USDT' }),
      { kind: 'code', code: 729002, amount: '275.00', unit: 'USDT' },
    ],
    [
      '729003 transfer done shows what arrived',
      note({ alarmType: 729003, paymentPrice: '0.002', paymentUnit: 'BTC' }),
      { kind: 'code', code: 729003, amount: '0.002', unit: 'BTC' },
    ],
    [
      'a unit on a code without an amount is not shown',
      note({ alarmType: 629007, paymentPrice: '3.00', paymentUnit: 'USD' }),
      { kind: 'code', code: 629007, amount: null },
    ],
    [
      'action type 4 uses its own text',
      note({ alarmType: 629012, actionType: 4 }),
      { kind: 'own', title: 'Own title', body: 'Own content' },
    ],
    [
      'action type 4 wins over a known code',
      note({ alarmType: 629005, actionType: 4 }),
      { kind: 'own', title: 'Own title', body: 'Own content' },
    ],
    [
      'an unknown code falls back on its own text',
      note({ alarmType: 1 }),
      { kind: 'own', title: 'Own title', body: 'Own content' },
    ],
  ] as const)('%s', (_, n, expected) => {
    expect(textSource(n)).toEqual(expected);
  });
});

describe('amountText (spec §9 decimals)', () => {
  it.each([
    ['USD with 2 decimals and separators', '1234.5', 'USD', '1,234.50 USD'],
    ['no unit (the spec codes) as before', '1250.5', null, '1,250.50'],
    ['a coin raw', '0.002', 'BTC', '0.002 BTC'],
    ['a stable coin raw too', '275.00', 'USDT', '275.00 USDT'],
    ['a coin amount is never rounded to cents', '250.125', 'USDT', '250.125 USDT'],
    ['no amount', null, 'USD', ''],
  ] as const)('%s', (_, amount, unit, expected) => {
    expect(amountText(amount, unit)).toBe(expected);
  });
});

describe('paging', () => {
  it('asks for 10 a page', () => {
    expect(queryFor(3)).toEqual({ page: 3, limit: 10 });
  });

  it.each([
    ['stops at the last page', ok([note()], 2, 2), { page: 2, done: true }],
    ['goes on before the last page', ok([note()], 1, 2), { page: 1, done: false }],
    ['stops on an empty list', ok([], 1, 3), { done: true }],
    ['pauses on a failure until retry', failed(1001), { error: 'failed (1001)', done: false }],
  ] as const)('%s', (_, result, expected) => {
    const page = result.ok ? result.data.page : 1;
    expect(applyPage(initialPaging<Notification>(), page, result)).toMatchObject(expected);
  });

  it('stops after more than five answers with code -1', () => {
    let paging = initialPaging<Notification>();
    for (let i = 0; i < 5; i++) paging = applyPage(paging, 1, failed(-1));
    expect(nextPage(paging)).toBe(1);
    paging = applyPage(paging, 1, failed(-1));
    expect(paging.done).toBe(true);
    expect(nextPage(paging)).toBeNull();
  });

  it('does not list a notification twice when a new one shifted the pages', () => {
    const first = applyPage(
      initialPaging<Notification>(),
      1,
      ok([note({ id: '3' }), note({ id: '2' })], 1, 2),
    );
    const second = applyPage(first, 2, ok([note({ id: '2' }), note({ id: '1' })], 2, 2));
    expect(second.items.map((n) => n.id)).toEqual(['3', '2', '1']);
  });
});

describe('marksRead (spec §4)', () => {
  it('marks only unread notifications', () => {
    expect(marksRead(note({ readStatus: 0 }))).toBe(true);
    expect(marksRead(note({ readStatus: 1 }))).toBe(false);
  });
});

describe('margin close-out notices (729006, PR5)', () => {
  const content = JSON.stringify({
    demo: false,
    marginLevel: '39.58',
    closeOutLevel: '50.00',
    orders: [
      { uid: '261202000000000001', tradePair: 'BTCUSDT' },
      { uid: '261202000000000002', tradePair: 'ETHUSDT' },
    ],
  });
  const t = (key: string, values?: Record<string, unknown>) =>
    `${key}${values ? JSON.stringify(values) : ''}`;

  it('reads the levels and positions the server wrote', () => {
    expect(closeOutFacts(content)).toEqual({
      demo: false,
      level: '39.58',
      floor: '50.00',
      positions: [
        { uid: '261202000000000001', tradePair: 'BTCUSDT' },
        { uid: '261202000000000002', tradePair: 'ETHUSDT' },
      ],
    });
  });

  it.each([
    '',
    'not json',
    '[]',
    '{"marginLevel":"x","closeOutLevel":"50.00","orders":[]}',
    '{"marginLevel":"1"}',
  ])('reads nothing from %j', (bad) => {
    expect(closeOutFacts(bad)).toBeNull();
  });

  it('drops a position whose symbol or number is not plain', () => {
    const odd = JSON.stringify({
      marginLevel: '10',
      closeOutLevel: '50',
      orders: [
        { uid: '<b>', tradePair: 'BTCUSDT' },
        { uid: '1', tradePair: 'ETH\nUSDT' },
        { uid: '2', tradePair: 'XAUUSD' },
      ],
    });
    expect(closeOutFacts(odd)?.positions).toEqual([{ uid: '2', tradePair: 'XAUUSD' }]);
  });

  it('phrases the positions and levels, and in general terms without the content (a toast)', () => {
    const n = note({ alarmType: 729006, content });
    const { title, body } = notificationText(n, t);
    expect(title).toBe('notifications.alarm.729006.title');
    expect(body).toContain('notifications.alarm.729006.body{');
    expect(body).toContain('"level":"39.58","floor":"50.00"');
    expect(body).toContain('ETHUSDT');
    expect(body).toContain('261202000000000002');
    expect(notificationText(note({ alarmType: 729006, content: '' }), t).body).toBe(
      'notifications.alarm.729006.body_generic',
    );
  });
});
