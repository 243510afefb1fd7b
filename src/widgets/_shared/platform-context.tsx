import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Platform } from '../../core/runtime/types';
import { Provider } from './store-react';

const PlatformContext = createContext<Platform | null>(null);

/**
 * Gives widgets the page platform. The jotai Provider gets the platform's store explicitly: a Provider
 * without `store` silently creates a fresh one and the widget would stop sharing quotes with the page.
 */
export function PlatformProvider({ platform, children }: { platform: Platform; children?: ReactNode }) {
  return (
    <PlatformContext.Provider value={platform}>
      <Provider store={platform.store}>{children}</Provider>
    </PlatformContext.Provider>
  );
}

/** The platform of the nearest PlatformProvider; throws when a widget is rendered outside one. */
export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('TradeKit widgets must be rendered inside <PlatformProvider>.');
  return platform;
}
