import type { PositionSummaries } from '../../core/feeds/exchange-feed';
import { formatAmount } from '../../core/domain/format';
import type { Translate } from '../_shared/use-t';
import { pnlTone, signedAmount } from './positions.logic';
import type { PositionTab } from './positions.logic';

/** Props of PositionSummaryBar. */
export interface PositionSummaryBarProps {
  tab: PositionTab;
  summary: PositionSummaries;
  t: Translate;
}

/**
 * P&L of the tab (floating on open, expected on pending), net worth and available margin. Net worth and
 * margin are account-wide: they come from the freshest message of either list.
 */
export function PositionSummaryBar({ tab, summary, t }: PositionSummaryBarProps) {
  const pnl = (tab === 'open' ? summary.open : summary.pending)?.profitLossSum ?? null;
  const latest = summary.latest;
  return (
    <dl className="tk-pos__summary" part="summary">
      <div className="tk-pos__figure" data-main>
        <dt>{t(tab === 'open' ? 'position.pnl' : 'position.expected_pnl')}</dt>
        <dd className="tk-num" data-tone={pnlTone(pnl)} data-testid="summary-pnl">
          {signedAmount(pnl)}
        </dd>
      </div>
      <div className="tk-pos__figure">
        <dt>{t('position.net_value')}</dt>
        <dd className="tk-num" data-testid="summary-net">
          {formatAmount(latest?.netValue)}
        </dd>
      </div>
      <div className="tk-pos__figure">
        <dt>{t('position.available_margin')}</dt>
        <dd className="tk-num" data-testid="summary-available">
          {formatAmount(latest?.securityDepositAvailableSum)}
        </dd>
      </div>
    </dl>
  );
}
