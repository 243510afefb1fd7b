/** The top bar's dark-theme switch: a toggle button (pressed = dark) that keeps the operator's choice. */
import { useState } from 'react';
import type { PageTheme } from '../widgets/_shared/page-theme';
import { applyTheme } from './theme';

export function ThemeToggle({ label }: { label: string }) {
  // main.tsx applied the stored or system theme before the first paint; the page's root says which.
  const [theme, setTheme] = useState<PageTheme>(() =>
    document.documentElement.dataset.tkTheme === 'dark' ? 'dark' : 'light',
  );
  return (
    <button
      type="button"
      className="bo-button bo-top__theme"
      aria-pressed={theme === 'dark'}
      data-testid="bo-theme"
      onClick={() => {
        const next = theme === 'dark' ? 'light' : 'dark';
        applyTheme(next, { store: true });
        setTheme(next);
      }}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" fill="currentColor" />
      </svg>
      {label}
    </button>
  );
}
