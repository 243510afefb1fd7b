import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routing/routes';
import { PAGES } from './registry';

describe('the page registry', () => {
  it('has a page for exactly the routes marked built', () => {
    const built = ROUTES.filter((r) => r.built).map((r) => r.name);
    expect(Object.keys(PAGES).sort()).toEqual(built.sort());
  });
});
