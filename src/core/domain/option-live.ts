/**
 * Where a running option stands now (issue #26 item 7): the live bid against the entry, read with the rule the
 * settler applies at expiry (decisions O4, AN4): up (0) wins above the entry, down (1) below, the same price is
 * a tie that gives the stake back. Entry and settlement are both bids, so the live price is the bid too.
 */
import { compare, isDecimal, normalize, sub, type Decimal } from './decimal';
import { optionOutcome } from './option-payload';

/** Winning, losing, or even (a tie if it ended now: the stake comes back, the fee is kept). */
export type OptionStanding = 'winning' | 'losing' | 'even';

/** The live state of one running option. */
export interface LiveOptionState {
  standing: OptionStanding;
  /** The live bid as quoted. */
  live: Decimal;
  /** Live minus entry, signed ("+1.25", "-0.5", "0"); the same whatever the direction. */
  move: Decimal;
}

const STANDING = { win: 'winning', loss: 'losing', tie: 'even' } as const;

/**
 * The live state of an option of direction `orderType` entered at `entry`, with the live bid `bid`; null when
 * there is no usable quote (none yet, malformed, or stale: a stale price must not say winning).
 */
export function liveOptionState(
  orderType: 0 | 1,
  entry: string,
  bid: string | null | undefined,
  stale = false,
): LiveOptionState | null {
  if (stale || !bid || !isDecimal(bid) || !isDecimal(entry)) return null;
  const diff = normalize(sub(bid, entry));
  return {
    standing: STANDING[optionOutcome(orderType, entry, bid)],
    live: bid,
    move: compare(diff, '0') > 0 ? `+${diff}` : diff,
  };
}

/** The brand colour token of a standing: up for winning, down for losing, none when even. */
export function standingTone(standing: OptionStanding): 'up' | 'down' | undefined {
  return standing === 'winning' ? 'up' : standing === 'losing' ? 'down' : undefined;
}
