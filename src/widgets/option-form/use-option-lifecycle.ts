import { useCallback, useEffect, useRef, useState } from 'react';
import {
  OPTION_POLL_EVERY_MS,
  OPTION_POLL_FIRST_MS,
  OPTION_POLL_TRIES_FORM,
  checkOptionOrderCompletion,
  findOption,
} from '../../core/contract/options';
import type { OptionOrder } from '../../core/contract/options';
import { OPTION_PROGRESS_TICK_MS, completionDelays, remainingMs } from '../../core/domain/option-ticket';
import { watchOptionSettled } from '../../core/feeds/exchange-feed';
import type { Platform } from '../../core/runtime/types';
import { announceOptionsChanged } from '../../core/state/option-changes';
import { getOrders } from '../../core/state/orders';
import { announceOption } from '../_shared/announcer';
import type { OptionSide } from './option-form.logic';

/** An option the server accepted, as the success drawer shows it. */
export interface PlacedOption {
  uid: string;
  symbol: string;
  direction: OptionSide;
  amount: string;
  price: string;
  timeLong: number;
  /** Local epoch ms of expiry: acceptance plus the option's duration on this device's clock. */
  endsAt: number;
}

/**
 * Where a placed option is (spec §4): running (success drawer, countdown), settling (completion poll),
 * settled (the order detail) or failed (the result could not be fetched).
 */
export type OptionPhase =
  | { phase: 'idle' }
  | { phase: 'running'; option: PlacedOption; now: number }
  | { phase: 'settling'; option: PlacedOption }
  | { phase: 'settled'; option: PlacedOption; order: OptionOrder }
  | { phase: 'failed'; option: PlacedOption };

/** The lifecycle of the last option placed from the form, and how to start or dismiss one. */
export interface OptionLifecycle {
  state: OptionPhase;
  start(option: PlacedOption): void;
  /** Close the drawer; a running option keeps running on the server (positions show it). */
  dismiss(): void;
}

/**
 * Runs the §4 lifecycle of one option: the countdown refreshes every 200 ms; at 0 the success drawer gives way
 * to the settlement drawer, which polls `checkOptionOrderCompletion` first after 1 s, then every 1.5 s, at most
 * 12 times, then fetches `findOption`. Dismissing the success drawer stops the watch (the option lives on).
 * While it waits, a settlement push of the exchange socket for this option ends the countdown (the server
 * settled it) and makes the next check at once; the poll stays for when no push comes.
 */
export function useOptionLifecycle(platform: Platform): OptionLifecycle {
  const [state, setState] = useState<OptionPhase>({ phase: 'idle' });
  const generation = useRef(0);
  const phase = state.phase;
  const option = state.phase === 'idle' ? null : state.option;
  const waiting = phase === 'running' || phase === 'settling';
  /** The uid of the option a settlement push named (the poll then checks without waiting). */
  const pushed = useRef<string | null>(null);
  /** Set by the poll while it runs: check now. */
  const wake = useRef<(() => void) | null>(null);

  const start = useCallback((next: PlacedOption) => {
    generation.current += 1;
    setState({ phase: 'running', option: next, now: Date.now() });
  }, []);
  const dismiss = useCallback(() => {
    generation.current += 1;
    setState({ phase: 'idle' });
  }, []);

  // The countdown: 200 ms ticks until the option's time is up. A tick changes only a countdown still running
  // for this option: a settlement push may have ended it in the same batch of updates (React renders a push
  // and a tick that come close together at once), and a tick must not bring the countdown back.
  useEffect(() => {
    if (phase !== 'running' || !option) return undefined;
    const tick = () => {
      const now = Date.now();
      setState((current) => {
        if (current.phase !== 'running' || current.option !== option) return current;
        return remainingMs(option.endsAt, now) > 0
          ? { phase: 'running', option, now }
          : { phase: 'settling', option };
      });
    };
    const timer = setInterval(tick, OPTION_PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [phase, option]);

  // The settlement push: listened to from placement until the result is known.
  useEffect(() => {
    if (!waiting || !option) return undefined;
    return watchOptionSettled(getOrders(platform).feed, option.uid, () => {
      pushed.current = option.uid;
      setState((current) =>
        current.phase === 'running' && current.option === option ? { phase: 'settling', option } : current,
      );
      wake.current?.();
    });
  }, [waiting, option, platform]);

  // The completion poll, then the detail.
  useEffect(() => {
    if (phase !== 'settling' || !option) return undefined;
    const mine = generation.current;
    const live = () => generation.current === mine;
    const delays = completionDelays(OPTION_POLL_TRIES_FORM, OPTION_POLL_FIRST_MS, OPTION_POLL_EVERY_MS);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = async () => {
      const detail = await platform.api.call(findOption, { uid: option.uid }, { silent: true });
      if (!live()) return;
      if (detail.ok && detail.data.positionStatus === 1) {
        setState({ phase: 'settled', option, order: detail.data });
        // Heard once in words by the page's announcer (the drawer's result is not a live region).
        void announceOption(platform, detail.data);
        // The page's lists of running options (positions, the chart's option lines) drop it now, not at their
        // next refresh up to 5 s later (decisions.md OS11).
        announceOptionsChanged(platform);
      } else setState({ phase: 'failed', option });
    };
    let attempt = 0;
    let checking = false;
    let again = false;
    const check = () => {
      checking = true;
      again = false;
      void platform.api
        .call(checkOptionOrderCompletion, { uid: option.uid }, { silent: true })
        .then((result) => {
          checking = false;
          if (!live()) return;
          if (result.ok && result.data.completed) void finish();
          else {
            attempt += 1;
            schedule(again);
          }
        });
    };
    const schedule = (now: boolean) => {
      const delay = delays[attempt];
      if (delay === undefined) {
        setState({ phase: 'failed', option });
        return;
      }
      timer = setTimeout(check, now ? 0 : delay);
    };
    wake.current = () => {
      if (!live()) return;
      // A check under way may have been too early: one more right after it.
      if (checking) {
        again = true;
        return;
      }
      clearTimeout(timer);
      schedule(true);
    };
    schedule(pushed.current === option.uid);
    return () => {
      generation.current += 1;
      wake.current = null;
      clearTimeout(timer);
    };
  }, [phase, option, platform]);

  return { state, start, dismiss };
}
