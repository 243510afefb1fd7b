import { describe, expect, it } from 'vitest';
import type { TradeButtonKind } from '../../core/domain/market-order-state';
import type { OptionRule } from '../../core/domain/option-ticket';
import { amountHint, cannotCover, routeDirection, ruleMessage, submitButton } from './option-form.logic';
import type { Message, OptionSide } from './option-form.logic';

const time = { min: '10', max: '5000' };

describe('cannotCover', () => {
  it.each([
    // amount, balance, cannot cover — fee 0.2 % rounded up to the cent
    ['', '0.00', true],
    ['', '10.01', true],
    ['', '10.02', false],
    ['100', '100.19', true],
    ['100', '100.20', false],
    ['0', '0.00', true],
    ['5', '5.00', true],
  ])('amount %j on a balance of %s → %s', (amount, balance, expected) => {
    expect(cannotCover({ time, amount, feeRate: '0.002', balance })).toBe(expected);
  });

  it('uses one unit when the delivery time has no minimum', () => {
    expect(cannotCover({ time: { min: '0', max: '0' }, amount: '', feeRate: '0', balance: '0.99' })).toBe(
      true,
    );
    expect(cannotCover({ time: { min: '0', max: '0' }, amount: '', feeRate: '0', balance: '1' })).toBe(false);
  });

  it('says nothing while the balance or the delivery time is unknown', () => {
    expect(cannotCover({ time, amount: '100', feeRate: '0.002', balance: null })).toBe(false);
    expect(cannotCover({ time: null, amount: '100', feeRate: '0.002', balance: '0' })).toBe(false);
  });
});

describe('routeDirection', () => {
  it('serves only the option mode and directions 0 and 1', () => {
    expect(routeDirection('option', '1')).toBe(1);
    expect(routeDirection(undefined, undefined)).toBe(0);
    expect(routeDirection('market', 0)).toBeNull();
    expect(routeDirection('option', 2)).toBeNull();
  });
});

describe('ruleMessage', () => {
  it.each<[OptionRule, Message]>([
    [
      { key: 'amount_range_rule', vars: { min: '10', max: '5000' } },
      { key: 'option_form.rule.amount_range_rule', vars: { min: '10', max: '5,000' } },
    ],
    [
      { key: 'amount_range_rule', vars: { min: '1000', max: '0' } },
      { key: 'option_form.rule.amount_min_rule', vars: { min: '1,000' } },
    ],
    [{ key: 'amount_range_rule' }, { key: 'option_form.rule.amount_range_rule' }],
    [{ key: 'delivery_empty_rule' }, { key: 'option_form.rule.delivery_empty_rule' }],
    [{ key: 'insufficient_balance' }, { key: 'option_form.rule.insufficient_balance' }],
  ])('%j → %j', (rule, message) => {
    expect(ruleMessage(rule)).toEqual(message);
  });
});

describe('amountHint', () => {
  it.each<[{ min: string; max: string } | null, Message | null]>([
    [null, null],
    [
      { min: '10', max: '5000' },
      { key: 'option_form.amount_hint', vars: { min: '10', max: '5,000' } },
    ],
    [
      { min: '10', max: '0' },
      { key: 'option_form.amount_hint_min', vars: { min: '10' } },
    ],
    [
      { min: '0', max: '0' },
      { key: 'option_form.amount_hint_min', vars: { min: '0' } },
    ],
  ])('%j → %j', (time, hint) => {
    expect(amountHint(time)).toEqual(hint);
  });
});

describe('submitButton', () => {
  it.each<[TradeButtonKind, boolean, OptionSide, string, boolean]>([
    ['normal', true, 0, 'option_form.submit_up', false],
    ['normal', true, 1, 'option_form.submit_down', false],
    ['loading', true, 0, 'app.loading', true],
    ['not_tradable', true, 0, 'option_form.state.not_tradable', true],
    ['market_closed', true, 1, 'option_form.state.market_closed', true],
    ['stale', true, 0, 'option_form.state.stale', true],
    ['submitting', true, 0, 'option_form.state.submitting', true],
    // A state without words of its own keeps the action, blocked.
    ['cooldown', true, 1, 'option_form.submit_down', true],
    // A visitor may press to sign in, whatever the feed says, but not on a closed product.
    ['normal', false, 0, 'option_form.sign_in', false],
    ['loading', false, 0, 'option_form.sign_in', false],
    ['stale', false, 1, 'option_form.sign_in', false],
    ['not_tradable', false, 0, 'option_form.state.not_tradable', true],
    ['market_closed', false, 0, 'option_form.state.market_closed', true],
  ])('%s, signed in %j, side %j → %s (disabled %j)', (state, signedIn, side, label, disabled) => {
    expect(submitButton(state, signedIn, side)).toEqual({ label, disabled });
  });
});
