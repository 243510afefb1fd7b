/** Language dropdown (brand languages only), names as `lang.<code>` in each language's own script. */
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useT } from '../../widgets/_shared/use-t';
import { useHost } from '../host-context';
import { ChevronDownIcon, GlobeIcon } from './icons';
import './language-menu.css';

/** Short flag-like code shown on the button, e.g. "EN", "ZH-TW". */
export function languageBadge(code: string): string {
  return code.toUpperCase();
}

/** Button with the current language opening a menu of the brand's languages. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const { config, language, setLanguage } = useHost();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const languages = config.brand.languages;

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    root.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (languages.length < 2) return null;

  const onMenuKey = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    items[(at + step + items.length) % items.length]?.focus();
  };

  return (
    <div className="host-lang" ref={root}>
      <button
        type="button"
        className="host-lang__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // The visible text first (WCAG 2.5.3: a voice user says what they see), then what the button is for.
        aria-label={`${languageBadge(language)} ${t(`lang.${language}`)}, ${t('desktop.language')}`}
        onClick={() => setOpen(!open)}
      >
        <GlobeIcon size={18} />
        <span className="host-lang__flag">{languageBadge(language)}</span>
        {compact ? null : <span className="host-lang__name">{t(`lang.${language}`)}</span>}
        <ChevronDownIcon size={14} />
      </button>
      {open ? (
        <ul
          id={menuId}
          className="host-lang__menu"
          role="menu"
          aria-label={t('desktop.language')}
          onKeyDown={onMenuKey}
        >
          {languages.map((code) => (
            <li key={code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={code === language}
                lang={code}
                className="host-lang__item"
                onClick={() => {
                  setOpen(false);
                  if (code !== language) setLanguage(code);
                }}
              >
                <span className="host-lang__flag">{languageBadge(code)}</span>
                {t(`lang.${code}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
