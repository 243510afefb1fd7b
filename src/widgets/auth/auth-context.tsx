/** What every part of <tk-auth> shares: platform, session, translations, brand switches and navigation. */
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { RegisterType } from '../../core/contract/auth';
import { getSession } from '../../core/session/session';
import type { Session } from '../../core/session/session';
import type { Platform } from '../../core/runtime/types';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { useT } from '../_shared/use-t';
import type { Translate } from '../_shared/use-t';
import { accountTypes, configFlag, phoneUsesCaptcha } from './auth.logic';
import type { ToDigits } from './auth.logic';
import { usePhoneRules } from '../_shared/phone/phone-loader';
import type { PhoneRules } from '../_shared/phone/phone-loader';

/** The shared environment of the auth screens. */
export interface AuthEnv {
  platform: Platform;
  session: Session;
  t: Translate;
  /** The page language, sent as `locale`. */
  locale: string;
  /** Sign-in methods offered, default first (spec §2: phone only with PHONE_REGISTER, then default). */
  types: RegisterType[];
  hideInvite: boolean;
  /**
   * Phone registration uses the image captcha instead of an SMS code; null while the system config that says so
   * has not come (a phone registration then waits: deciding early would send an SMS a captcha brand never sends).
   */
  phoneCaptcha: boolean | null;
  /** Ask the page to go to a path; falls back to the widget itself when nobody handles it. */
  navigate: (to: string) => void;
  /** The phone rules once loaded (only where phones are offered); null before. */
  phone: PhoneRules | null;
  /** Phone digits of a national number, null while the rules load or when not valid. */
  toDigits: ToDigits | null;
}

const AuthContext = createContext<AuthEnv | null>(null);

/** Provides the environment to the auth screens. */
export function AuthProvider({
  navigate,
  children,
}: {
  navigate: (to: string) => void;
  children: ReactNode;
}) {
  const platform = usePlatform();
  const t = useT();
  const config = useAtomValue(platform.atoms.config);
  const system = useAtomValue(platform.atoms.systemConfig);
  const locale = useAtomValue(platform.atoms.language);
  const session = useMemo(() => getSession(platform), [platform]);
  const phoneByBrand = config?.brand.registerTypes.includes('P') ?? false;
  const types = accountTypes(configFlag(system, 'PHONE_REGISTER', phoneByBrand), config?.brand.registerTypes);
  const phone = usePhoneRules(types.includes('P'));
  const typesKey = types.join();
  const env = useMemo<AuthEnv>(
    () => ({
      platform,
      session,
      t,
      locale,
      types: typesKey.split(',') as AuthEnv['types'],
      hideInvite: configFlag(system, 'hideRegisterInviteCode', false),
      phoneCaptcha: system ? phoneUsesCaptcha(system) : null,
      navigate,
      phone,
      toDigits: phone?.phoneDigits ?? null,
    }),
    [platform, session, t, locale, system, typesKey, navigate, phone],
  );
  return <AuthContext.Provider value={env}>{children}</AuthContext.Provider>;
}

/** The auth environment; throws outside <Auth>. */
export function useAuth(): AuthEnv {
  const env = useContext(AuthContext);
  if (!env) throw new Error('Auth parts must be rendered inside <Auth>.');
  return env;
}
