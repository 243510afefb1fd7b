/**
 * What a widget keeps out of a partner's page (decision EK8). The page's selectors never reach into a shadow
 * root, but inherited properties do, through the element. base.css sets the ones the design needs (colour,
 * font size, line height, colour scheme) and takes the page's font family on purpose (`--tk-font` overrides
 * it). This sheet starts the widget root from the initial value of every other inherited property
 * (`all: initial`), so a page's `text-align: center`, `letter-spacing`, `text-transform`, `font-weight`,
 * `font-style`, `white-space`, `word-spacing` or `text-shadow` stays outside. Three are chosen, not reset:
 * `visibility` and `pointer-events` are inherited (a page that hides or disables a container means the widget in
 * it too) and `direction` is `ltr` (every language of the widgets is written left to right).
 *
 * The rule sits in a cascade layer: every unlayered rule of the widget wins over it whatever its specificity,
 * so it only replaces what would otherwise come from the page. Loaded after the first paint with the
 * attribute checks (no first-paint byte is left for it): on a page that sets such properties, the first
 * widget's first frame may show them for a moment.
 */
import { styleNonce } from './styles';

export const INHERITED_RESET =
  '@layer tk-reset{.tk-root{all:initial;display:block;visibility:inherit;pointer-events:inherit;direction:ltr}}';

/** Puts the reset into a widget's shadow root once (it stays there when the widget unmounts and mounts again). */
export function resetInheritedStyles(root: ShadowRoot | null): void {
  if (!root || root.querySelector('style[data-tk-part="reset"]')) return;
  const style = document.createElement('style');
  style.dataset.tkPart = 'reset';
  const nonce = styleNonce();
  if (nonce) style.nonce = nonce;
  style.textContent = INHERITED_RESET;
  root.prepend(style);
}
