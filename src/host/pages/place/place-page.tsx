/**
 * Mobile market order page (spec §2 `/{symbol}/place?direction=0|1`): <OrderForm> under a back bar. A wrong
 * direction leaves for home; the form itself leaves when the trade mode is not market.
 */
import { OrderForm } from '../../../widgets/order-form';
import { PlaceFrame } from './place-frame';

/** The order page of the current route. */
export function PlacePage() {
  return <PlaceFrame testId="place-page" Form={OrderForm} />;
}
