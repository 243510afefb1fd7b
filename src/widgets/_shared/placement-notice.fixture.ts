/**
 * Test support for the placement notice (issue #26 item 4) as the order form and the option form show it:
 * a scripted verdict a test changes between asks, and readers of what the notice shows. Meant to be imported
 * as a namespace (`import * as placement from …`), so its short names read `placement.lines()`.
 */
import { screen } from '@testing-library/react';
import type { PlacementBlock } from '../../core/contract/placement';

/** The path of the verdict call, as a form's scripted server is keyed. */
export const PATH = 'waa/order/placementBlocks';

/** A scripted verdict: set `state.blocks` and the next ask answers them. */
export function verdict(initial: PlacementBlock[]) {
  const state = { blocks: initial };
  return { state, handler: () => ({ code: 0, data: { blocks: state.blocks } }) };
}

/** The notice, or null while none is shown. */
export const notice = () => screen.queryByTestId('placement-notice');

/** The text of each block line the notice lists. */
export const lines = () => screen.getAllByTestId('placement-block').map((li) => li.textContent);

/** True when `a` comes before `b` in the document. */
export const before = (a: Element, b: Element) =>
  (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
