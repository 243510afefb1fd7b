/**
 * The trader's up/down colour pair (issue #22, UC1–UC3): kept on the device for visitors, on the server per user
 * once signed in, and shown only where the brand allows traders their own colours.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BrandSettings } from '../../core/contract/types';
import { COLOR_SCHEME_IDS, SubmitUserPreferences, type ColorSchemeId } from '../../core/contract/users';
import { getSession } from '../../core/session/session';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { PrefKey, readChoice, writePref } from '../prefs';
import { isColorSchemeId, shownScheme, userColorsAllowed } from './color-schemes';

export interface ColorSchemeState {
  /** The pair the page shows (`brand` where the brand fixes its colours). */
  colorScheme: ColorSchemeId;
  /** Chooses a pair: ignored where the brand fixes its colours, else kept on the device and, signed in, saved. */
  setColorScheme: (id: string) => void;
  /** Whether the brand lets traders choose (the pickers show only then). */
  userColors: boolean;
}

/** The colour pair of the page, following the brand's `userColors`, the device and the signed-in user. */
export function useColorScheme(brand: Pick<BrandSettings, 'userColors'>): ColorSchemeState {
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const user = useAtomValue(session.atoms.user);
  const allowed = userColorsAllowed(brand);
  const [choice, setChoice] = useState<ColorSchemeId>(() =>
    readChoice(PrefKey.colorScheme, COLOR_SCHEME_IDS, 'brand'),
  );
  // Saves go out one after another, so the server keeps the last pair the trader picked.
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  // The user's saved pair replaces the device's when user/info brings one (a sign-in, a reload, an account
  // switch); the device keeps it too, so the next load paints it before user/info answers. A pair picked
  // here later is saved and so is what the next user/info brings.
  const saved = user?.colorScheme ?? null;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!allowed || !isColorSchemeId(saved)) return;
    writePref(PrefKey.colorScheme, saved);
    setChoice(saved);
  }, [allowed, saved, userId]);

  const setColorScheme = useCallback(
    (id: string) => {
      if (!allowed || !isColorSchemeId(id)) return;
      writePref(PrefKey.colorScheme, id);
      setChoice(id);
      if (session.getState().status !== 'signedIn') return;
      saving.current = saving.current.then(async () => {
        const result = await platform.api.call(SubmitUserPreferences, { colorScheme: id }, { silent: true });
        // The device already shows the pair; a failed save only means other browsers do not know it yet.
        if (!result.ok) console.warn(`[tradekit] colour pair not saved: ${result.message}`);
      });
    },
    [allowed, platform, session],
  );

  return { colorScheme: shownScheme(choice, brand), setColorScheme, userColors: allowed };
}
