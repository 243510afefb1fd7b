/**
 * Mobile option order page (spec §2 `/{symbol}/placeOption?direction=0|1`): <OptionForm> under a back bar.
 * A wrong direction or a trade mode other than option leaves for home (the form itself leaves too).
 */
import { OptionForm } from '../../../widgets/option-form';
import { PlaceFrame } from './place-frame';

/** The option order page of the current route. */
export function PlaceOptionPage() {
  return <PlaceFrame testId="place-option-page" Form={OptionForm} only="option" />;
}
