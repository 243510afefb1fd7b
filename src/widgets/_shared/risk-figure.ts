/**
 * The risk warning's figure (`wa-na/risk/lossShare`), asked once per platform: every warning on the page (the
 * host's and an order form's) shares the answer, and the host's start-up may ask before any warning mounts
 * (EK71), so that the warning's first render already has it.
 */
import { RiskWarningFigure } from '../../core/contract/risk';
import type { Platform } from '../../core/runtime/types';

/** The ask of each platform; a failed one is forgotten, so the next warning that mounts asks again. */
const asked = new WeakMap<Platform, Promise<string | null>>();
/** The figure of each platform once the server answered (null: it has none, too few accounts: RW3). */
const known = new WeakMap<Platform, string | null>();

/** The share of accounts that lost money, as whole percent text; null when the server has none or the call failed. */
export function askLossPercent(platform: Platform): Promise<string | null> {
  let answer = asked.get(platform);
  if (!answer) {
    answer = platform.api.call(RiskWarningFigure, {}, { silent: true }).then((result) => {
      if (!result.ok) {
        asked.delete(platform);
        return null;
      }
      known.set(platform, result.data.lossPercent);
      return result.data.lossPercent;
    });
    asked.set(platform, answer);
  }
  return answer;
}

/** The figure already answered on this platform (null: the server has none); undefined before any answer. */
export function knownLossPercent(platform: Platform): string | null | undefined {
  return known.get(platform);
}
