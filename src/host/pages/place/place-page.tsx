/**
 * Mobile market order page (spec §2 `/{symbol}/place?direction=0|1`): <OrderForm> under a back bar. A wrong
 * direction leaves for home; the form itself leaves when the trade mode is not market.
 */
import { useEffect } from 'react';
import { useT } from '../../../widgets/_shared/use-t';
import { OrderForm } from '../../../widgets/order-form';
import { useFundAccount } from '../../account/use-fund-account';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { normalizeSymbol, placeDirection } from '../../routing/paths';
import { useRoute } from '../../routing/router';
import { PageBar } from '../../ui/page-bar';
import { useKnownSymbol } from '../use-known-symbol';
import './place-page.css';

const goTo = ({ to }: { to: string }) => navigate(to, { replace: to === '/' });

/** The order page of the current route. */
export function PlacePage() {
  const t = useT();
  const { params, query } = useRoute();
  const symbol = normalizeSymbol(params.symbol);
  const direction = placeDirection(query.direction);
  const { theme, tradeMode } = useHost();
  const fund = useFundAccount();
  useKnownSymbol(symbol);
  useEffect(() => {
    if (direction === null) navigate('/', { replace: true });
  }, [direction]);
  if (direction === null) return null;
  return (
    <div className="host-place-page" data-testid="place-page" data-symbol={symbol}>
      <PageBar title={t('desktop.place_order')} />
      <div className="host-place-page__form">
        <OrderForm
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
