/**
 * The two alert evaluators of the benchmark, fed the same ticks: the server's alert book (heaps per symbol,
 * side and direction) and a naive loop over every alert of the ticked symbol. Each times its own evaluation
 * of every tick (what fired is taken out of its structure inside the timing, setting it again is not: on the
 * server a fired alert is gone until the trader sets another).
 */
import { createAlertBook } from '../../server/src/alerts/book';
import { armedOf, crossed, setLevels, type BenchAlert, type Ticks } from './scenario';
import { SYMBOLS } from './scenario';

/** One run: per-tick times in nanoseconds, what fired, and (when asked) the fired ids per tick. */
export interface Run {
  ticks: number;
  fired: number;
  tickNs: Float64Array;
  log: string[];
}

type Evaluate = (symbol: number, bid: number, ask: number) => number[];

function runWith(
  alerts: BenchAlert[],
  evaluate: Evaluate,
  rearm: (alert: BenchAlert) => void,
  ticks: Ticks,
  limit: number,
  budgetMs: number,
  record: boolean,
): Run {
  const tickNs = new Float64Array(limit);
  const log: string[] = [];
  const generation = new Uint32Array(alerts.length);
  let fired = 0;
  let done = 0;
  const deadline = performance.now() + budgetMs;
  for (let t = 0; t < limit; t += 1) {
    const symbol = ticks.symbol[t] as number;
    const bid = ticks.bid[t] as number;
    const ask = ticks.ask[t] as number;
    const start = process.hrtime.bigint();
    const ids = evaluate(symbol, bid, ask);
    tickNs[t] = Number(process.hrtime.bigint() - start);
    done = t + 1;
    if (ids.length > 0) {
      fired += ids.length;
      ids.sort((a, b) => a - b);
      if (record) log.push(`${t}:${ids.join(',')}`);
      for (const id of ids) {
        const alert = alerts[id] as BenchAlert;
        generation[id] = (generation[id] as number) + 1;
        setLevels(alert, generation[id] as number, bid, ask);
        rearm(alert);
      }
    }
    // The budget is looked at every 64 ticks, outside the timed part (a naive tick can take milliseconds).
    if ((t & 63) === 63 && performance.now() > deadline) break;
  }
  return { ticks: done, fired, tickNs: tickNs.subarray(0, done), log };
}

/** The server's alert book. */
export function bookEvaluator(alerts: BenchAlert[]) {
  const book = createAlertBook();
  for (const alert of alerts) book.upsert(armedOf(alert));
  const evaluate: Evaluate = (symbol, bid, ask) =>
    book.evaluate(SYMBOLS[symbol] as string, bid, ask).map((f) => Number(f.alert.id));
  return {
    run: (ticks: Ticks, limit: number, budgetMs: number, record = false) =>
      runWith(alerts, evaluate, (alert) => book.upsert(armedOf(alert)), ticks, limit, budgetMs, record),
  };
}

/** Every alert of the ticked symbol, each entry tested; a fired alert is swapped out of its symbol's list. */
export function naiveEvaluator(alerts: BenchAlert[]) {
  const bySymbol: BenchAlert[][] = SYMBOLS.map(() => []);
  for (const alert of alerts) bySymbol[alert.symbol]?.push(alert);
  const evaluate: Evaluate = (symbol, bid, ask) => {
    const list = bySymbol[symbol] as BenchAlert[];
    const fired: number[] = [];
    for (let i = 0; i < list.length;) {
      const alert = list[i] as BenchAlert;
      let hit = false;
      for (const entry of alert.entries) hit ||= crossed(entry, bid, ask);
      if (hit) {
        fired.push(alert.id);
        list[i] = list[list.length - 1] as BenchAlert;
        list.pop();
      } else i += 1;
    }
    return fired;
  };
  return {
    run: (ticks: Ticks, limit: number, budgetMs: number, record = false) =>
      runWith(
        alerts,
        evaluate,
        (alert) => bySymbol[alert.symbol]?.push(alert),
        ticks,
        limit,
        budgetMs,
        record,
      ),
  };
}
