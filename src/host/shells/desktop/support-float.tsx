/**
 * The desktop's floating support button (spec §2 desktop shell): draggable with the pointer or the arrow keys,
 * kept inside the window (also after a resize), its place remembered in local storage; a press opens a dialog
 * with the live chat and the brand's other channels (email, Telegram, WhatsApp). The dialog's body, with the
 * chat, loads on the first open.
 */
import { lazy, Suspense, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import {
  clampFloat,
  defaultFloat,
  isDrag,
  movedByKey,
  parseFloatPosition,
  type Point,
} from '../../../core/domain/float-position';
import { useT } from '../../../widgets/_shared/use-t';
import { useService } from '../../host-context';
import { CloseIcon } from '../../pages/account/close-icon';
import { useRoute } from '../../routing/router';
import { Dialog } from '../../ui/dialog';
import { ServiceIcon } from '../../ui/icons';

/** Local-storage key of the button's place. */
export const FLOAT_POSITION_KEY = 'supportFloat';
const SIZE = { width: 52, height: 52 };

const FloatBody = lazy(() => import('./support-float-body').then((m) => ({ default: m.SupportFloatBody })));

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

function stored(): Point | null {
  try {
    return parseFloatPosition(window.localStorage.getItem(FLOAT_POSITION_KEY));
  } catch {
    return null;
  }
}

function store(point: Point): void {
  try {
    window.localStorage.setItem(FLOAT_POSITION_KEY, JSON.stringify(point));
  } catch {
    // The place is a convenience: blocked storage only forgets it.
  }
}

/** The service page shows the chat itself: a second entry to it on top would be in the way (SJ2). */
const HIDDEN_ON = new Set(['service']);

/**
 * The floating button and its dialog; nothing when the brand has no service channel, nor on the service page
 * (the button comes back where it was when the trader leaves it).
 */
export function SupportFloat() {
  const t = useT();
  const service = useService();
  const { page } = useRoute();
  const [place, setPlace] = useState<Point>(() => {
    const saved = stored();
    return saved ? clampFloat(saved, SIZE, viewport()) : defaultFloat(SIZE, viewport());
  });
  const [open, setOpen] = useState(false);
  const drag = useRef<{ start: Point; origin: Point; moved: boolean } | null>(null);
  // Set by a drag's pointer-up: the click that follows it does not open the dialog.
  const wasDragged = useRef(false);
  const latest = useRef(place);
  latest.current = place;

  // A smaller window pulls the button back inside (the stored place is kept for a larger one again).
  useLayoutEffect(() => {
    const onResize = () => setPlace((at) => clampFloat(at, SIZE, viewport()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  if (service.channels.length === 0 || HIDDEN_ON.has(page)) return null;
  const label = t('support.menu');

  const move = (to: Point, save: boolean) => {
    const next = clampFloat(to, SIZE, viewport());
    setPlace(next);
    if (save) store(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { start: { x: event.clientX, y: event.clientY }, origin: latest.current, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state) return;
    const at = { x: event.clientX, y: event.clientY };
    if (!state.moved && !isDrag(state.start, at)) return;
    state.moved = true;
    move({ x: state.origin.x + at.x - state.start.x, y: state.origin.y + at.y - state.start.y }, false);
  };
  const onPointerUp = () => {
    const state = drag.current;
    drag.current = null;
    wasDragged.current = state?.moved ?? false;
    if (state?.moved) store(latest.current);
  };

  return (
    <>
      <button
        type="button"
        className="host-support-float"
        style={{ left: place.x, top: place.y, width: SIZE.width, height: SIZE.height }}
        aria-label={label}
        aria-haspopup="dialog"
        title={`${label} — ${t('support.float_hint')}`}
        data-testid="support-float"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClick={(event) => {
          const dragged = wasDragged.current;
          wasDragged.current = false;
          // The click that ends a drag does not open the dialog (a keyboard press has no pointer before it).
          if (!(dragged && event.detail > 0)) setOpen(true);
        }}
        onKeyDown={(event) => {
          const to = movedByKey(latest.current, event.key, event.shiftKey);
          if (!to) return;
          event.preventDefault();
          move(to, true);
        }}
      >
        <ServiceIcon />
      </button>
      {open ? (
        <div className="host-support-dialog">
          <Dialog title={label} wide onClose={() => setOpen(false)} testId="support-float-dialog">
            {/* Escape and the backdrop close it too; a visible close, as the account dialog has (SJ5). */}
            <button
              type="button"
              className="host-icon-btn host-support-dialog__close"
              aria-label={t('common.close')}
              onClick={() => setOpen(false)}
            >
              <CloseIcon />
            </button>
            <Suspense fallback={<p className="tk-state">{t('app.loading')}</p>}>
              <FloatBody />
            </Suspense>
          </Dialog>
        </div>
      ) : null}
    </>
  );
}
