// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, chooseTheme, readTheme, THEME_KEY } from './theme';
import { ThemeToggle } from './theme-toggle';

afterEach(() => {
  cleanup();
  localStorage.clear();
  delete document.documentElement.dataset.tkTheme;
  document.documentElement.style.colorScheme = '';
});

/** A window whose system colour scheme is `dark` or not (jsdom has no matchMedia of its own). */
function withSystem(dark: boolean): Window {
  const matchMedia = (query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)' });
  return { matchMedia, localStorage, document } as unknown as Window;
}

describe('the back office theme', () => {
  it('takes the stored choice, else the system colour scheme, and ignores a stored value it does not know', () => {
    expect(chooseTheme('dark', false)).toBe('dark');
    expect(chooseTheme('light', true)).toBe('light');
    expect(chooseTheme(null, true)).toBe('dark');
    expect(chooseTheme(null, false)).toBe('light');
    expect(chooseTheme('purple', true)).toBe('dark');
    expect(readTheme(withSystem(true))).toBe('dark');
    localStorage.setItem(THEME_KEY, 'light');
    expect(readTheme(withSystem(true))).toBe('light');
  });

  it('shows a theme on the page root and the browser controls, and keeps it only when asked', () => {
    applyTheme('dark');
    expect(document.documentElement.dataset.tkTheme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    applyTheme('light', { store: true });
    expect(document.documentElement.dataset.tkTheme).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
  });

  it('the top bar switch is pressed in dark, switches both ways and keeps the choice for the next visit', () => {
    applyTheme('light');
    render(<ThemeToggle label="Dark theme" />);
    const button = screen.getByRole('button', { name: 'Dark theme' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.dataset.tkTheme).toBe('dark');
    expect(readTheme(withSystem(false))).toBe('dark');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(document.documentElement.dataset.tkTheme).toBe('light');
    expect(readTheme(withSystem(true))).toBe('light');
  });
});
