/**
 * The `fund-actions` attribute of the order forms: which ways forward the page offers a trader whose real
 * balance cannot cover an order. The widget only shows them and reports the choice (`tk-fund-account`);
 * the page does the work (switch to demo, open its cashier).
 */
import type { FundAction } from './events';

/** Every action a page may offer, in the order the notice shows them (funding the real account first). */
export const FUND_ACTIONS: readonly FundAction[] = ['deposit', 'demo'];

/** The known actions of a space- or comma-separated list, once each, in FUND_ACTIONS order. */
export function parseFundActions(text: string | undefined | null): FundAction[] {
  const asked = new Set((text ?? '').split(/[\s,]+/).filter(Boolean));
  return FUND_ACTIONS.filter((action) => asked.has(action));
}
