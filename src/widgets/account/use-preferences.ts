import { useCallback } from 'react';
import { loadLanguage } from '../../core/i18n/i18n';
import { useHostState } from '../_shared/host-state';
import { usePlatform } from '../_shared/platform-context';
import { useWidgetHost } from '../_shared/widget-host';
import { TkPreferencesChangeEvent } from './outputs';
import type { PreferencesDetail } from './outputs';

/** Props the preferences read. */
export interface PreferenceProps {
  theme?: string;
  colorScheme?: string;
  onPreferencesChange?: (detail: PreferencesDetail) => void;
}

/** The spec §3 local-storage key of the language choice (read by the host at start-up). */
const LANGUAGE_KEY = 'language';

/**
 * The widget's theme and colour scheme, and setters that ask the page first (`tk-preferences-change`, or
 * the `onPreferencesChange` prop of a React host); when the page does not apply a choice, the widget applies
 * it to itself: its own theme and colours, and the page's shared i18n language.
 */
export function usePreferences(props: PreferenceProps) {
  const platform = usePlatform();
  const host = useWidgetHost();
  const [own, setOwn] = useHostState<PreferencesDetail>('account.preferences', {});
  const { onPreferencesChange } = props;

  const request = useCallback(
    (detail: PreferencesDetail) => {
      if (onPreferencesChange) return onPreferencesChange(detail);
      const event = new TkPreferencesChangeEvent(detail);
      host?.dispatchEvent(event);
      if (event.defaultPrevented) return;
      if (detail.language) {
        void loadLanguage(platform.i18n, detail.language).catch(() => undefined);
        try {
          localStorage.setItem(LANGUAGE_KEY, detail.language);
        } catch {
          // Persisting the choice is best effort (blocked storage).
        }
      }
      setOwn({ ...own, ...detail });
    },
    [onPreferencesChange, host, platform, own, setOwn],
  );

  const theme = own.theme ?? (props.theme === 'dark' || props.theme === 'light' ? props.theme : undefined);
  return {
    theme,
    colorScheme: own.colorScheme ?? props.colorScheme,
    /** A colour scheme the widget applied to itself (no page handled the choice). */
    ownColorScheme: own.colorScheme,
    request,
  };
}
