/** Mobile tabs Position and History (spec §2; sign-in required, the router's guard sends visitors away). */
import { useT } from '../../../widgets/_shared/use-t';
import { History } from '../../../widgets/history';
import { Positions } from '../../../widgets/positions';
import { useHost } from '../../host-context';
import { ModeSwitch } from '../../ui/mode-switch';
import { navigate } from '../../routing/history';
import './orders-pages.css';

const goTo = ({ to }: { to: string }) => navigate(to);

/** `/position`: open and pending orders with their live P&L. */
export function PositionPage() {
  const t = useT();
  const { theme, tradeMode } = useHost();
  return (
    <div className="host-orders-page" data-testid="position-page">
      <div className="host-orders-page__head">
        <h1 className="host-orders-page__title">{t('nav.position')}</h1>
        <ModeSwitch />
      </div>
      <div className="host-orders-page__body">
        <Positions theme={theme} mode={tradeMode} onNavigate={goTo} />
      </div>
    </div>
  );
}

/** `/history`: the order history (the widget titles itself). */
export function HistoryPage() {
  const { theme, tradeMode } = useHost();
  return (
    <div className="host-orders-page" data-testid="history-page">
      <div className="host-orders-page__body">
        <History theme={theme} mode={tradeMode} onNavigate={goTo} />
      </div>
    </div>
  );
}
