// The probe of the tick → painted benchmark, shared by a partner's page that loads the built <tk-quotes>
// (wire.ts) and the hand-written page of its floor (floor.ts): it watches the probe symbol's bid, whose every
// new value carries the sequence number of the tick the server sent (market.ts), and notes when the DOM showed
// it and when the frame that shows it was painted. `__bench` answers the Node side.
import { decodeSeq } from './market';

interface BenchWindow {
  __bench: { result?: unknown; error?: string; [name: string]: unknown };
}

/** Wall-clock milliseconds with the sub-millisecond part (the Node side reads the same clock). */
const clock = () => performance.timeOrigin + performance.now();

/** Runs `then` in a task of its own: queued from a frame's animation callback, once that frame is drawn. */
export function afterTask(then: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = then;
  channel.port2.postMessage(null);
}

export interface ProbedPage {
  /** Rows the page shows. */
  rows(): number;
  /** The probe symbol's bid once the page shows it. */
  probeBid(): Element | null | undefined;
  /** The live-connection banner's text, if the page has one. */
  banner?(): string | null;
  /** Whether the page lists the probe symbol (otherwise it only counts rows). */
  probing: boolean;
}

export function startProbe(target: ProbedPage): void {
  const page = window as unknown as BenchWindow;
  page.__bench = {};
  const seen = new Map<number, { seenAt: number; paintedAt: number }>();

  // Whether the page is inside a frame's animation callbacks, where a change of the DOM is drawn in that same
  // frame (the quote table wakes its rows there, EK34). The first callback of every frame is this loop's: it
  // asks for the next frame from the one before, ahead of what the page asks for in between.
  let inFrame = false;
  const frameLoop = () => {
    inFrame = true;
    afterTask(() => (inFrame = false));
    requestAnimationFrame(frameLoop);
  };
  requestAnimationFrame(frameLoop);

  /** Watch the probe's bid: note each sequence number's DOM time, then its painted frame's time. */
  const watch = (span: Element) => {
    const note = () => {
      const seq = decodeSeq(span.textContent ?? '');
      if (seq === null || seen.has(seq)) return;
      const record = { seenAt: clock(), paintedAt: NaN };
      seen.set(seq, record);
      // The frame that shows the new text: the one under way when the text changed in an animation callback,
      // else the next, whose animation callback runs before it is drawn. A task queued from there runs once
      // that frame's style, layout and paint are done.
      const painted = () => (record.paintedAt = clock());
      if (inFrame) afterTask(painted);
      else requestAnimationFrame(() => afterTask(painted));
    };
    new MutationObserver(note).observe(span, { characterData: true, childList: true, subtree: true });
    note();
  };

  const waitForProbe = () => {
    const span = target.probeBid();
    if (span) {
      watch(span);
      page.__bench.result = { probe: true };
    } else requestAnimationFrame(waitForProbe);
  };

  Object.assign(page.__bench, {
    clock,
    rows: target.rows,
    /** Shown symbols, and the state of the live-connection banner. */
    state: () => ({ rows: target.rows(), banner: target.banner?.() ?? null }),
    probes: () => [...seen].map(([seq, { seenAt, paintedAt }]) => ({ seq, seenAt, paintedAt })),
  });
  if (target.probing) waitForProbe();
  else page.__bench.result = { probe: false };
}
