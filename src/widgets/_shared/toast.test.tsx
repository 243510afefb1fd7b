// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast';
import type { ToastTone } from './toast';
import { TOAST_MS, TOAST_RESUME_MS, toastDuration } from './toast.logic';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.head.innerHTML = '';
});

// Read from disk: CSS imports are empty under vitest.
const toastCss = readFileSync(resolve(import.meta.dirname, 'toast.css'), 'utf8');

function Trigger({ text, tone, quiet }: { text: string; tone?: ToastTone; quiet?: boolean }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast(text, tone, quiet)}>
      show
    </button>
  );
}

function showToast(text: string, tone?: ToastTone, quiet?: boolean) {
  render(
    <ToastProvider>
      <Trigger text={text} tone={tone} quiet={quiet} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
}

const shown = () => document.querySelector<HTMLElement>('.tk-toast');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the toast', () => {
  it('stays the spec 1500 ms for a short message, then leaves', () => {
    showToast('Copied');
    advance(TOAST_MS - 1);
    expect(shown()?.textContent).toBe('Copied');
    advance(1);
    expect(shown()).toBeNull();
  });

  it('stays for the reading time of a long message', () => {
    const text = 'The order could not be closed: '.repeat(4);
    showToast(text);
    const ms = toastDuration(text);
    expect(ms).toBeGreaterThan(TOAST_MS * 4);
    advance(ms - 1);
    expect(shown()).not.toBeNull();
    advance(1);
    expect(shown()).toBeNull();
  });

  it('holds while hovered and leaves with the time it had left (at least a second) once the pointer goes', () => {
    showToast('x'.repeat(50)); // 3000 ms
    advance(1000);
    fireEvent.mouseEnter(shown()!);
    advance(60_000);
    expect(shown()?.dataset.held).toBe('true');
    fireEvent.mouseLeave(shown()!);
    advance(1999);
    expect(shown()).not.toBeNull();
    advance(1);
    expect(shown()).toBeNull();
  });

  it('holds while focused (a tap) and gives at least a second after the focus leaves', () => {
    showToast('Saved');
    advance(1400);
    act(() => shown()!.focus());
    advance(10_000);
    expect(shown()).not.toBeNull();
    act(() => shown()!.blur());
    advance(TOAST_RESUME_MS - 1);
    expect(shown()).not.toBeNull();
    advance(1);
    expect(shown()).toBeNull();
  });

  it('announces news politely and a failure as an alert', () => {
    showToast('Operation successful');
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Operation successful');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    showToast('Balance is not enough (203)', 'error');
    expect(screen.getByRole('alert').textContent).toBe('Balance is not enough (203)');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(shown()?.dataset.type).toBe('error');
  });

  it('shows a quiet message, news or failure, in no live region: the announcer says that event (SR2)', () => {
    for (const tone of ['info', 'error'] as const) {
      showToast('Operation successful', tone, true);
      expect(shown()?.textContent).toBe('Operation successful');
      expect(shown()?.dataset.type).toBe(tone);
      expect(shown()?.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();
      expect(screen.getByRole('status').textContent).toBe('');
      expect(screen.queryByRole('alert')).toBeNull();
      cleanup();
    }
  });

  it('lets the newest message replace the one shown, with its own full time', () => {
    showToast('first');
    advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    advance(TOAST_MS - 1);
    expect(shown()).not.toBeNull();
    advance(1);
    expect(shown()).toBeNull();
  });

  it('renders a 300-character message whole, in a block that grows with its text', () => {
    const style = document.createElement('style');
    style.textContent = toastCss;
    document.head.append(style);
    const text = `${'Your position could not be closed because the market is closed. '.repeat(4)}${'x'.repeat(44)}`;
    expect(text).toHaveLength(300);
    showToast(text, 'error');
    const toast = shown()!;
    expect(toast.textContent).toBe(text);
    const css = getComputedStyle(toast);
    expect(css.display).toBe('block');
    expect(css.height).not.toMatch(/px$/);
    expect(css.overflowWrap).toBe('anywhere');
    expect(css.whiteSpace).toBe('pre-line');
    expect(toast.getAttribute('part')).toBe('toast');
    advance(toastDuration(text) - 1);
    expect(shown()).not.toBeNull();
  });
});
