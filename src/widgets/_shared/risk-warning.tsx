/**
 * The risk warning every page that offers CFDs to retail clients carries (issue #25, decisions RW5–RW7): the
 * standard text with the share of this brand's retail accounts that lost money over the last 12 months, as the
 * server computes it from its ledger. This file is only the mount point: the text, its twelve languages, its
 * CSS and the figure's call load with ./risk-warning-body when it first shows, so no widget's first paint
 * carries them. A brand that does not offer market mode (CFDs) shows nothing.
 */
import { lazy, Suspense } from 'react';
import { usePlatform } from './platform-context';
import { useAtomValue } from './store-react';

const Body = lazy(() => import('./risk-warning-body'));

/** Props of RiskWarning. */
export interface RiskWarningProps {
  /** Where it sits, for its layout: inside a form (compact) or under a host page. */
  placement: 'form' | 'page';
}

/** The warning, or nothing for a brand without market mode (and until the brand's config is known). */
export function RiskWarning({ placement }: RiskWarningProps) {
  const config = useAtomValue(usePlatform().atoms.config);
  if (!config?.brand.tradeModes.includes('market')) return null;
  return (
    <Suspense fallback={null}>
      <Body placement={placement} />
    </Suspense>
  );
}
