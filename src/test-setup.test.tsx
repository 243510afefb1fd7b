// @vitest-environment jsdom
import { getConfig } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ASYNC_UTIL_TIMEOUT_MS } from './test-setup';

describe('the unit test setup', () => {
  it('gives Testing Library waits a ceiling that fits two busy cores', () => {
    expect(getConfig().asyncUtilTimeout).toBe(ASYNC_UTIL_TIMEOUT_MS);
  });
});
