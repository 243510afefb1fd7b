// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TkNavigateEvent } from '../../widgets/_shared/events';
import { useNavigateEvents } from './use-navigate-events';

describe('useNavigateEvents', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(cleanup);

  it('follows an in-app path asked for by an element and cancels the event', () => {
    renderHook(() => useNavigateEvents());
    const element = document.body.appendChild(document.createElement('tk-positions'));
    const event = new TkNavigateEvent({ to: '/login?to=%2Fposition' });
    element.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(window.location.pathname + window.location.search).toBe('/login?to=%2Fposition');
  });

  it.each(['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'user'])(
    'leaves %s alone',
    (to) => {
      renderHook(() => useNavigateEvents());
      const event = new TkNavigateEvent({ to });
      document.body.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
      expect(window.location.pathname).toBe('/');
    },
  );
});
