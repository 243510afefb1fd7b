/** The host's wiring of <Account>: routing, display preferences and the colour pairs of the site. */
import { useCallback, useMemo } from 'react';
import type { AccountProps, PreferencesDetail } from '../../../widgets/account';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { isBuilt } from '../../routing/routes';
import { COLOR_SCHEMES, schemeColors } from '../../startup/color-schemes';

const goTo = ({ to }: { to: string }) => navigate(to);

/** The user menu's cashier links: the deposit, withdraw, wallet and loan pages this build ships (spec §2). */
export function cashierOf(built: (name: string) => boolean = isBuilt): string {
  return (['deposit', 'withdraw', 'myWallet', 'wallet', 'loan'] as const)
    .filter((name) => built(name))
    .join(' ');
}

const CASHIER = cashierOf();

/** Props every host <Account> gets. */
export function useAccountProps(): AccountProps {
  const { config, theme, setTheme, colorScheme, setColorScheme, userColors, setLanguage } = useHost();
  const colors = config.brand.colors;
  // No pairs, no theme drawer: where the brand fixes its colours the menu offers none (UC1).
  const colorSchemes = useMemo(
    () => (userColors ? COLOR_SCHEMES.map((s) => ({ id: s.id, ...schemeColors(s.id, colors) })) : []),
    [colors, userColors],
  );
  const onPreferencesChange = useCallback(
    (detail: PreferencesDetail) => {
      if (detail.theme) setTheme(detail.theme);
      if (detail.colorScheme) setColorScheme(detail.colorScheme);
      if (detail.language) setLanguage(detail.language);
    },
    [setTheme, setColorScheme, setLanguage],
  );
  return { theme, colorScheme, colorSchemes, cashier: CASHIER, onNavigate: goTo, onPreferencesChange };
}
