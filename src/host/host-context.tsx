/**
 * Host-wide state that is not page data: the loaded config, the visitor's display choices (theme, up/down
 * colours, language) and the desktop's trade mode and selected symbol; and, in a context of its own, the service
 * channels.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { RuntimeConfig } from '../core/contract';
import { requestLanguage } from './startup/service-worker';
import { usePlatform } from '../widgets/_shared/platform-context';
import { useAtomValue } from '../widgets/_shared/store-react';
import { PrefKey, readChoice, readPref, writePref } from './prefs';
import { serviceChannels, type ServiceChannels } from '../core/domain/service-channels';
import { translated } from '../core/contract/translations';
import { applyColors, applyLanguage, applyTheme, applyTitle, type ThemeName } from './startup/brand';
import { readablePair } from '../core/domain/contrast';
import { schemeColors } from './startup/color-schemes';
import { useColorScheme } from './startup/use-color-scheme';

export type TradeMode = 'market' | 'option';

type BrandModes = Pick<RuntimeConfig['brand'], 'tradeModes' | 'defaultTradeMode'>;

/** The modes a brand offers (its default alone when it lists none). */
function modesOf(brand: BrandModes): TradeMode[] {
  return brand.tradeModes.length > 0 ? brand.tradeModes : [brand.defaultTradeMode];
}

/** The mode a brand shows a visitor who chose none, or whose choice it no longer offers. */
function defaultModeOf(brand: BrandModes): TradeMode {
  const modes = modesOf(brand);
  return modes.includes(brand.defaultTradeMode) ? brand.defaultTradeMode : modes[0]!;
}

/** The mode a page starts in: the visitor's stored choice among the brand's modes, else the brand's default. */
export function startingTradeMode(brand: BrandModes): TradeMode {
  return readChoice(PrefKey.tradeMode, modesOf(brand), defaultModeOf(brand));
}

export interface HostState {
  config: RuntimeConfig;
  /** The site title in the page language (English or the brand name as fallback). */
  siteTitle: string;
  theme: ThemeName;
  setTheme: (theme: ThemeName) => void;
  /** The up/down pair shown: the trader's, or `brand` where the brand fixes its colours (UC1). */
  colorScheme: string;
  /** Chooses a pair (kept on the device, saved for a signed-in trader; ignored where the brand fixes them). */
  setColorScheme: (id: string) => void;
  /** Whether the brand lets traders choose their own pair: the pickers show only then. */
  userColors: boolean;
  language: string;
  setLanguage: (language: string) => void;
  tradeMode: TradeMode;
  setTradeMode: (mode: TradeMode) => void;
  /** Desktop: the symbol shown in the main panel (null until prices arrive). */
  symbol: string | null;
  setSymbol: (symbol: string) => void;
}

const HostContext = createContext<HostState | null>(null);
/**
 * The brand's service channels apart from the host state: `getCustomerLink` answers after the pages have rendered,
 * and as part of the host state its answer re-rendered every page and shell that reads it (EK70).
 */
const ServiceContext = createContext<ServiceChannels | null>(null);

export interface HostProviderProps {
  config: RuntimeConfig;
  /** The `getCustomerLink` value (null until loaded). */
  service: string | null;
  children: ReactNode;
}

function persisted<T extends string>(key: PrefKey, set: (value: T) => void) {
  return (value: T) => {
    writePref(key, value);
    set(value);
  };
}

/** Provides the host state and applies theme, colours, title and language to the document. */
export function HostProvider({ config, service, children }: HostProviderProps) {
  const { i18n, atoms, origin } = usePlatform();
  const language = useAtomValue(atoms.language);
  const brand = config.brand;
  const modes = modesOf(brand);
  // No choice of the visitor's: the brand's theme, also when an edit changes it on an open page (BE10).
  const [chosenTheme, setTheme] = useState<ThemeName | null>(
    () => readChoice<ThemeName | ''>(PrefKey.theme, ['light', 'dark'], '') || null,
  );
  const theme = chosenTheme ?? brand.theme;
  const { colorScheme, setColorScheme, userColors } = useColorScheme(brand);
  const modeByDefault = defaultModeOf(brand);
  const [chosenMode, setTradeMode] = useState<TradeMode>(() => startingTradeMode(brand));
  // A brand edit may take the chosen mode away from an open page (BE10): its default shows then.
  const tradeMode = modes.includes(chosenMode) ? chosenMode : modeByDefault;
  const [symbol, setSymbol] = useState<string | null>(null);

  const channels = useMemo(
    () => serviceChannels({ support: config.support, link: service, origin }),
    [config.support, service, origin],
  );
  const siteTitle = translated(config.siteTitle || brand.name, config.siteTitles, language);
  useEffect(() => applyTitle(siteTitle), [siteTitle]);
  // Layout effects: widgets read the page tokens in their own (passive) effects of the same commit.
  useLayoutEffect(() => applyTheme(theme), [theme]);
  useLayoutEffect(
    () => applyColors(readablePair(schemeColors(colorScheme, brand.colors), theme)),
    [colorScheme, brand.colors, theme],
  );
  useEffect(() => applyLanguage(language), [language]);

  const setLanguage = useCallback(
    (next: string) => {
      writePref(PrefKey.language, next);
      // The language atom follows i18next once the file has loaded; a failed load keeps the current one.
      requestLanguage(i18n, next).catch((error: unknown) =>
        console.warn(`[tradekit] language ${next}`, error),
      );
    },
    [i18n],
  );

  const value = useMemo<HostState>(
    () => ({
      config,
      siteTitle,
      theme,
      setTheme: persisted<ThemeName>(PrefKey.theme, setTheme),
      colorScheme,
      setColorScheme,
      userColors,
      language,
      setLanguage,
      tradeMode,
      setTradeMode: persisted<TradeMode>(PrefKey.tradeMode, setTradeMode),
      symbol,
      setSymbol,
    }),
    [
      config,
      siteTitle,
      theme,
      colorScheme,
      setColorScheme,
      userColors,
      language,
      setLanguage,
      tradeMode,
      symbol,
    ],
  );
  return (
    <HostContext.Provider value={value}>
      <ServiceContext.Provider value={channels}>{children}</ServiceContext.Provider>
    </HostContext.Provider>
  );
}

/** The brand's service channels and what the service button does (spec §3, §4); only under `<HostProvider>`. */
export function useService(): ServiceChannels {
  const service = useContext(ServiceContext);
  if (!service) throw new Error('useService() used outside <HostProvider>');
  return service;
}

/** The host state; only valid under `<HostProvider>`. */
export function useHost(): HostState {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() used outside <HostProvider>');
  return host;
}

/** The stored language choice, if any (start-up passes it to pickLanguage). */
export function storedLanguage(): string | null {
  return readPref(PrefKey.language);
}
