/**
 * Mobile option order page (spec §2 `/{symbol}/placeOption?direction=0|1`): <OptionForm> under a back bar.
 * A wrong direction or a trade mode other than option leaves for home (the form itself leaves too).
 */
import { useEffect } from 'react';
import { useT } from '../../../widgets/_shared/use-t';
import { OptionForm } from '../../../widgets/option-form';
import { useFundAccount } from '../../account/use-fund-account';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { normalizeSymbol, placeDirection } from '../../routing/paths';
import { useRoute } from '../../routing/router';
import { PageBar } from '../../ui/page-bar';
import { useKnownSymbol } from '../use-known-symbol';
import './place-page.css';

const goTo = ({ to }: { to: string }) => navigate(to, { replace: to === '/' });

/** The option order page of the current route. */
export function PlaceOptionPage() {
  const t = useT();
  const { params, query } = useRoute();
  const symbol = normalizeSymbol(params.symbol);
  const direction = placeDirection(query.direction);
  const { theme, tradeMode } = useHost();
  const fund = useFundAccount();
  const leave = direction === null || tradeMode !== 'option';
  useKnownSymbol(symbol);
  useEffect(() => {
    if (leave) navigate('/', { replace: true });
  }, [leave]);
  if (leave) return null;
  return (
    <div className="host-place-page" data-testid="place-option-page" data-symbol={symbol}>
      <PageBar title={t('desktop.place_order')} />
      <div className="host-place-page__form">
        <OptionForm
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
