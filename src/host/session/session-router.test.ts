import { describe, expect, it } from 'vitest';
import { isDesktopOverlayPage, isDesktopTradingPage, isFullPage } from '../pages/page-kinds';
import { unauthorizedTarget } from './session-router';

describe('unauthorizedTarget', () => {
  it.each([
    ['/', '/login?to=%2F'],
    ['/quotation?singleTrade=2', '/login?to=%2Fquotation%3FsingleTrade%3D2'],
    ['/user/account', null],
    ['/login?to=%2Fuser', null],
  ])('sends a rejected session on %s to %s', (path, target) => {
    expect(unauthorizedTarget(path)).toBe(target);
  });
});

describe('page kinds', () => {
  it.each([
    ['login', true, true],
    ['forgot', true, true],
    ['user', true, false],
    ['account', true, true],
    ['security', true, true],
    ['home', false, false],
    ['quotation', false, false],
    ['search', true, true],
    ['chart', false, true],
  ])('shows %s as a desktop overlay: %s, as a mobile full page: %s', (page, overlay, full) => {
    expect(isDesktopOverlayPage(page)).toBe(overlay);
    expect(isFullPage(page)).toBe(full);
  });

  it.each([
    ['home', true],
    ['chart', true],
    ['search', true],
    ['login', true],
    ['quotation', false],
  ])('shows the trading layout on desktop for %s: %s', (page, trading) => {
    expect(isDesktopTradingPage(page)).toBe(trading);
  });
});
