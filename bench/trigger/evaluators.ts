/**
 * The two evaluators the trigger benchmark compares on the same positions and ticks: the engine's trigger
 * book, and the naive baseline that tests the stop loss and take profit of every position of the ticked
 * symbol. A position that fires is re-opened at once at the tick's quote by both, identically.
 */
import { createTriggerBook } from '../../server/src/trading/trigger-book';
import { SYMBOLS, entriesOf, setLevels, type Position, type Ticks } from './scenario';

/** Per tick: which positions fired (`id:sl` / `id:tp`), when recording; plus work counters. */
export interface Run {
  ticks: number;
  /** Positions whose trigger condition was decided: all positions of the ticked symbol, every tick. */
  checks: number;
  fired: number;
  seconds: number;
  log?: string[][];
}

/** Something that processes ticks from the first until `to` or until the time budget ends. */
export interface Evaluator {
  run(ticks: Ticks, to: number, budgetMs: number, record?: boolean): Run;
}

/** Indexing of arrays the benchmark built itself, where every index is in range. */
const at = <T>(items: ArrayLike<T>, index: number) => items[index] as T;

/** Positions per symbol index: the checks one tick of that symbol decides. */
function perSymbol(positions: Position[]): number[] {
  const counts = SYMBOLS.map(() => 0);
  for (const p of positions) counts[p.symbol] = at(counts, p.symbol) + 1;
  return counts;
}

/** Drives `step` over the tick stream, checking the clock every 256 ticks. */
function drive(
  ticks: Ticks,
  to: number,
  budgetMs: number,
  counts: number[],
  step: (t: number, fired: string[] | null) => number,
  record: boolean,
): Run {
  const run: Run = { ticks: 0, checks: 0, fired: 0, seconds: 0, log: record ? [] : undefined };
  const started = performance.now();
  let t = 0;
  for (; t < to; t += 1) {
    const fired = record ? [] : null;
    run.fired += step(t, fired);
    run.checks += at(counts, at(ticks.symbol, t));
    if (fired) run.log?.push(fired.sort());
    if ((t & 255) === 255 && performance.now() - started > budgetMs) {
      t += 1;
      break;
    }
  }
  run.seconds = (performance.now() - started) / 1000;
  run.ticks = t;
  return run;
}

/** The engine's way: a trigger book; a tick costs the entries it fires (plus a few heap peeks). */
export function indexedEvaluator(positions: Position[]): Evaluator {
  const book = createTriggerBook();
  const generation = positions.map(() => 0);
  for (const p of positions) for (const e of entriesOf(p)) book.upsert(e);
  const counts = perSymbol(positions);
  return {
    run: (ticks, to, budgetMs, record = false) =>
      drive(
        ticks,
        to,
        budgetMs,
        counts,
        (t, log) => {
          const bid = at(ticks.bid, t);
          const ask = at(ticks.ask, t);
          const fired = book.evaluate(at(SYMBOLS, at(ticks.symbol, t)), bid, ask);
          for (const entry of fired) {
            const p = at(positions, Number(entry.orderId));
            log?.push(`${p.id}:${entry.kind === 'stop_loss' ? 'sl' : 'tp'}`);
            book.removeOrder(entry.orderId);
            setLevels(p, (generation[p.id] = at(generation, p.id) + 1), bid, ask);
            for (const e of entriesOf(p)) book.upsert(e);
          }
          return fired.length;
        },
        record,
      ),
  };
}

/** The baseline: every position of the ticked symbol has its stop loss and take profit tested. */
export function naiveEvaluator(positions: Position[]): Evaluator {
  const bySymbol = new Map<string, Position[]>(SYMBOLS.map((s) => [s, []]));
  for (const p of positions) bySymbol.get(at(SYMBOLS, p.symbol))?.push(p);
  const generation = positions.map(() => 0);
  const counts = perSymbol(positions);
  return {
    run: (ticks, to, budgetMs, record = false) =>
      drive(
        ticks,
        to,
        budgetMs,
        counts,
        (t, log) => {
          const bid = at(ticks.bid, t);
          const ask = at(ticks.ask, t);
          const list = bySymbol.get(at(SYMBOLS, at(ticks.symbol, t))) ?? [];
          let fired = 0;
          for (const p of list) {
            const price = p.buy ? bid : ask;
            const sl = p.buy ? price <= p.stopLoss : price >= p.stopLoss;
            const tp = !sl && (p.buy ? price >= p.takeProfit : price <= p.takeProfit);
            if (!sl && !tp) continue;
            fired += 1;
            log?.push(`${p.id}:${sl ? 'sl' : 'tp'}`);
            setLevels(p, (generation[p.id] = at(generation, p.id) + 1), bid, ask);
          }
          return fired;
        },
        record,
      ),
  };
}
