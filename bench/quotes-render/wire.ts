// Browser probe of a partner's page that loads the built <tk-quotes> from the platform server (harness.ts
// writes the page). With the probe symbol listed, it watches that row's bid: each new value carries the
// sequence number of the tick the server sent (market.ts), and the probe notes when the DOM showed it and
// when the frame after that was painted. Otherwise it only counts the rows the widget shows.
import { PROBE_SYMBOL, decodeSeq } from './market';

interface BenchWindow {
  __bench: { result?: unknown; error?: string; [name: string]: unknown };
}
const page = window as unknown as BenchWindow;
page.__bench = {};

/** Wall-clock milliseconds with the sub-millisecond part (the Node side reads the same clock). */
const clock = () => performance.timeOrigin + performance.now();

const el = document.querySelector('tk-quotes')!;
const rows = () => el.shadowRoot?.querySelectorAll('[role="row"][data-symbol]').length ?? 0;
const seen = new Map<number, { seenAt: number; paintedAt: number }>();

/** Runs `then` in a task of its own: queued from a frame's animation callback, once that frame is drawn. */
function afterTask(then: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = then;
  channel.port2.postMessage(null);
}

// Whether the page is inside a frame's animation callbacks, where a change of the DOM is drawn in that same
// frame (the table wakes its rows there, EK34). The first callback of every frame is this loop's: it asks for
// the next frame from the one before, ahead of what the widget asks for in between.
let inFrame = false;
const frameLoop = () => {
  inFrame = true;
  afterTask(() => (inFrame = false));
  requestAnimationFrame(frameLoop);
};
requestAnimationFrame(frameLoop);

/** Watch the probe row's bid: note each sequence number's DOM time, then its painted frame's time. */
function watchProbe(span: Element): void {
  const note = () => {
    const seq = decodeSeq(span.textContent ?? '');
    if (seq === null || seen.has(seq)) return;
    const record = { seenAt: clock(), paintedAt: NaN };
    seen.set(seq, record);
    // The frame that shows the new text: the one under way when the text changed in an animation callback,
    // else the next, whose animation callback runs before it is drawn. A task queued from there runs once that
    // frame's style, layout and paint are done.
    const painted = () => (record.paintedAt = clock());
    if (inFrame) afterTask(painted);
    else requestAnimationFrame(() => afterTask(painted));
  };
  new MutationObserver(note).observe(span, { characterData: true, childList: true, subtree: true });
  note();
}

function waitForProbe(): void {
  const span = el.shadowRoot?.querySelector(`[data-symbol="${PROBE_SYMBOL}"] [data-field="bid"]`);
  if (span) {
    watchProbe(span);
    page.__bench.result = { probe: true };
  } else requestAnimationFrame(waitForProbe);
}

Object.assign(page.__bench, {
  clock,
  rows,
  /** Shown symbols (rows of the table), and the state of the live-connection banner. */
  state: () => ({
    rows: rows(),
    banner: el.shadowRoot?.querySelector('[part="banner"]')?.textContent ?? null,
  }),
  probes: () => [...seen].map(([seq, { seenAt, paintedAt }]) => ({ seq, seenAt, paintedAt })),
});
if ((el.getAttribute('symbols') ?? '').split(',').includes(PROBE_SYMBOL)) waitForProbe();
else page.__bench.result = { probe: false };
