/**
 * Mobile market order page (spec §2 `/{symbol}/place?direction=0|1`): <OrderForm> under a back bar. A wrong
 * direction leaves for home; the form itself leaves when the trade mode is not market.
 */
import type { PlaceFormProps } from './place-frame';
import { OrderForm } from '../../../widgets/order-form';
import { useSetAlert } from '../set-alert';
import { PlaceFrame } from './place-frame';

/** The market form with the host's "Set alert" (the option form has none). */
function MarketForm(props: PlaceFormProps) {
  return <OrderForm {...props} setAlert={useSetAlert()} />;
}

/** The order page of the current route. */
export function PlacePage() {
  return <PlaceFrame testId="place-page" Form={MarketForm} />;
}
