import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import tabsCss from './tabs.css?inline';
import { usePartCss } from './widget-host';

/** One tab: a stable id and its (already translated) label. */
export interface TabItem<Id extends string | number> {
  id: Id;
  label: string;
}

/** Props of Tabs: items, the selected id and the ids that tie tabs to their panel. */
export interface TabsProps<Id extends string | number> {
  items: readonly TabItem<Id>[];
  value: Id;
  onChange: (id: Id) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the tab element ids; the panel points at `${idPrefix}-tab-${id}` with aria-labelledby. */
  idPrefix: string;
  /** id of the panel the tabs control. */
  panelId: string;
}

const KEY_STEP: Record<string, number | 'first' | 'last'> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: 'first',
  End: 'last',
};

/** The element id of a tab, for the panel's aria-labelledby. */
export function tabId(idPrefix: string, id: string | number): string {
  return `${idPrefix}-tab-${id}`;
}

/**
 * An accessible tab list (WAI-ARIA tabs, automatic activation): one tab in the tab order, arrow keys,
 * Home and End move the selection and the focus. Its CSS comes with it, ahead of the widget's, which may
 * refine it (quotes.css wraps the category tabs).
 */
export function Tabs<Id extends string | number>({
  items,
  value,
  onChange,
  label,
  idPrefix,
  panelId,
}: TabsProps<Id>) {
  usePartCss('tabs', tabsCss);
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEP[event.key];
    if (step === undefined || items.length === 0) return;
    event.preventDefault();
    const current = Math.max(
      0,
      items.findIndex((item) => item.id === value),
    );
    const next =
      step === 'first'
        ? 0
        : step === 'last'
          ? items.length - 1
          : (current + step + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div ref={list} className="tk-tabs" role="tablist" aria-label={label} part="tabs" onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            id={tabId(idPrefix, item.id)}
            type="button"
            role="tab"
            className="tk-tab"
            part={selected ? 'tab tab-selected' : 'tab'}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
