import { describe, expect, it } from 'vitest';
import { checkForm, newAlertPath, newForm, requestFields, summaryOf, type AlertForm } from './alerts.logic';

const form = (over: Partial<AlertForm> = {}): AlertForm => ({
  symbol: 'BTCUSDT',
  condition: 'bid_above',
  level: '65000.50',
  percent: '',
  note: '',
  ...over,
});

describe('checkForm', () => {
  it('accepts a level at the symbol precision and a percentage of 0.01–1000 with 2 decimals', () => {
    expect(checkForm(form(), 2)).toEqual({});
    expect(checkForm(form({ level: '65000.500' }), 2)).toEqual({});
    expect(checkForm(form({ condition: 'move_pct', level: '', percent: '0.01' }), 2)).toEqual({});
    expect(checkForm(form({ condition: 'move_pct', percent: '1000' }), 2)).toEqual({});
  });

  it('refuses more decimals than the symbol has, zero, words, and percentages out of range', () => {
    expect(checkForm(form({ level: '65000.505' }), 2)).toEqual({ level: 'alerts.invalid_level' });
    expect(checkForm(form({ level: '0' }), 2)).toEqual({ level: 'alerts.invalid_level' });
    expect(checkForm(form({ level: '1e5' }), 2)).toEqual({ level: 'alerts.invalid_level' });
    for (const percent of ['0.001', '0', '1000.01', '-1', 'ten']) {
      expect(checkForm(form({ condition: 'move_pct', percent }), 2)).toEqual({
        percent: 'alerts.invalid_percent',
      });
    }
  });

  it('refuses a symbol the page does not quote, and a note with a line break or over 140 characters', () => {
    expect(checkForm(form(), null)).toEqual({ symbol: 'alerts.invalid_symbol' });
    expect(checkForm(form({ symbol: '' }), undefined)).toEqual({ symbol: 'alerts.invalid_symbol' });
    // Without quotes on the page the precision is left to the server.
    expect(checkForm(form({ level: '1.123456' }), undefined)).toEqual({});
    expect(checkForm(form({ note: 'a\nb' }), 2)).toEqual({ note: 'alerts.invalid_note' });
    expect(checkForm(form({ note: 'x'.repeat(141) }), 2)).toEqual({ note: 'alerts.invalid_note' });
  });
});

describe('requests and texts', () => {
  it('sends the level or the percentage, never both, with the note trimmed', () => {
    expect(requestFields(form({ percent: '5', note: ' hi ' }))).toEqual({
      condition: 'bid_above',
      level: '65000.50',
      note: 'hi',
    });
    expect(requestFields(form({ condition: 'move_pct', percent: ' 2.5 ' }))).toEqual({
      condition: 'move_pct',
      percent: '2.5',
      note: '',
    });
  });

  it('prefills a new form from the attributes, ignoring a level that is not a price', () => {
    expect(newForm(' btcusdt ', '98500.00')).toMatchObject({ symbol: 'BTCUSDT', level: '98500.00' });
    expect(newForm('EURUSD', 'abc').level).toBe('');
  });

  it('summarises a level and a move, and builds the path that opens the form', () => {
    expect(summaryOf({ condition: 'ask_below', level: '1.08', percent: null, referencePrice: null })).toEqual(
      {
        key: 'alerts.summary.ask_below',
        values: { level: '1.08' },
      },
    );
    expect(
      summaryOf({ condition: 'move_pct', level: null, percent: '2.5', referencePrice: '98510.005' }).values,
    ).toEqual({ percent: '2.5', reference: '98510.005' });
    expect(newAlertPath('BTCUSDT', '98500.00')).toBe('/user/alerts?symbol=BTCUSDT&level=98500.00');
    expect(newAlertPath('EURUSD', undefined, 'option')).toBe('/user/alerts?symbol=EURUSD&mode=option');
  });
});
