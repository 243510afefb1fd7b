import { describe, expect, it } from 'vitest';
import type { SystemConfigResponse } from '../contract/types';
import { logoutDestination, sessionAction, virtualTradeAllowed } from './session-policy';
import type { LogoutReason, SessionFacts } from './session-policy';

const NOW = 1_000_000_000;
const MIN = 60_000;
const facts = (patch: Partial<SessionFacts>): SessionFacts => ({
  now: NOW,
  expiresAt: NOW + 15 * MIN,
  virtual: false,
  virtualAllowed: true,
  ...patch,
});

describe('sessionAction', () => {
  it.each<[string, ReturnType<typeof sessionAction>, Partial<SessionFacts>]>([
    ['15 minutes left', 'none', {}],
    ['exactly 5 minutes left', 'none', { expiresAt: NOW + 5 * MIN }],
    ['4 min 59 s left', 'refresh', { expiresAt: NOW + 5 * MIN - 1000 }],
    ['1 ms left', 'refresh', { expiresAt: NOW + 1 }],
    ['expiry now', 'expired', { expiresAt: NOW }],
    ['expired an hour ago', 'expired', { expiresAt: NOW - 60 * MIN }],
    ['unknown expiry', 'none', { expiresAt: null }],
    ['demo while virtual trading is off', 'virtualDisabled', { virtual: true, virtualAllowed: false }],
    ['demo before the system config loaded', 'none', { virtual: true, virtualAllowed: null }],
    ['real while virtual trading is off', 'none', { virtualAllowed: false }],
  ])('with %s is %s', (_, expected, patch) => {
    expect(sessionAction(facts(patch))).toBe(expected);
  });
});

describe('virtualTradeAllowed', () => {
  const config = (enable?: boolean): SystemConfigResponse => ({
    systemConfigs: enable === undefined ? [] : [{ name: 'VIRTUAL_CURRENCY_TRADE', enable }],
    walletType: 0,
  });
  it.each([
    [null, null],
    [config(), null],
    [config(true), true],
    [config(false), false],
  ])('reads %j as %j', (input, expected) => {
    expect(virtualTradeAllowed(input)).toBe(expected);
  });
});

describe('logoutDestination', () => {
  it.each<[LogoutReason, ReturnType<typeof logoutDestination>]>([
    ['unauthorized', 'login'],
    ['refreshFailed', 'login'],
    ['expired', 'home'],
    ['userMissing', 'home'],
    ['tokenInvalid', 'home'],
    ['virtualDisabled', 'home'],
    ['elsewhere', 'home'],
    ['user', null],
  ])('sends %s to %s', (reason, expected) => {
    expect(logoutDestination(reason)).toBe(expected);
  });
});
