/**
 * The mobile order pages' frame (spec §2 `/{symbol}/place` and `/{symbol}/placeOption`): the form of the page
 * under a back bar, with the host's ways to fund a real account. A wrong direction, or a trade mode the page
 * is not for, leaves for home (the forms leave too).
 */
import { useEffect } from 'react';
import type { ComponentType } from 'react';
import { useT } from '../../../widgets/_shared/use-t';
import { useFundAccount } from '../../account/use-fund-account';
import type { FundAccount } from '../../account/use-fund-account';
import { useHost } from '../../host-context';
import type { HostState, TradeMode } from '../../host-context';
import { navigate } from '../../routing/history';
import { normalizeSymbol, placeDirection } from '../../routing/paths';
import { useRoute } from '../../routing/router';
import { PageBar } from '../../ui/page-bar';
import { useKnownSymbol } from '../use-known-symbol';
import './place-page.css';

const goTo = ({ to }: { to: string }) => navigate(to, { replace: to === '/' });

/** What the frame gives the form of its page. */
export interface PlaceFormProps {
  symbol: string;
  direction: 0 | 1;
  mode: TradeMode;
  theme: HostState['theme'];
  fundActions: FundAccount['fundActions'];
  onFundAccount: FundAccount['onFundAccount'];
  onNavigate: (detail: { to: string }) => void;
}

/** The order page of the current route for `Form`; `only` leaves for home in another trade mode. */
export function PlaceFrame({
  testId,
  Form,
  only,
}: {
  testId: string;
  Form: ComponentType<PlaceFormProps>;
  only?: TradeMode;
}) {
  const t = useT();
  const { params, query } = useRoute();
  const symbol = normalizeSymbol(params.symbol);
  const direction = placeDirection(query.direction);
  const { theme, tradeMode } = useHost();
  const fund = useFundAccount();
  const leave = direction === null || (only !== undefined && tradeMode !== only);
  useKnownSymbol(symbol);
  useEffect(() => {
    if (leave) navigate('/', { replace: true });
  }, [leave]);
  if (leave || direction === null) return null;
  return (
    <div className="host-place-page" data-testid={testId} data-symbol={symbol}>
      <PageBar title={t('desktop.place_order')} />
      <div className="host-place-page__form">
        <Form
          symbol={symbol}
          direction={direction}
          mode={tradeMode}
          theme={theme}
          fundActions={fund.fundActions}
          onFundAccount={fund.onFundAccount}
          onNavigate={goTo}
        />
      </div>
      {fund.dialog}
    </div>
  );
}
