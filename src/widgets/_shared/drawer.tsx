import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import drawerCss from './drawer.css?inline';
import { ancestorsOf, focusDropped, returnTarget, trapTab } from './focus-trap';
import { usePartCss } from './widget-host';

/** Props of ModalDrawer. */
export interface ModalDrawerProps {
  title: string;
  onClose: () => void;
  /** The widget's class block, e.g. `tk-pos`: the panel gets `<block>__<element>` and its children. */
  block: string;
  /** The panel's class element (`drawer` or `sheet`); `-title`, `-body`, `-actions` derive from it. */
  element?: string;
  /** The whole `part` attribute of the panel, e.g. `drawer detail`. */
  part: string;
  /** With a label, the title sits in a header with a close button named by it. */
  closeLabel?: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Alert dialogs (confirmations) are announced as such. */
  role?: 'dialog' | 'alertdialog';
  /** Written as `data-kind` on the backdrop (the stacking order reads it). */
  kind?: string;
  /** Focus the first `[data-autofocus]` inside instead of the panel itself. */
  autofocus?: boolean;
  /** Id of the element that says what the dialog asks (read out with the title when it opens). */
  describedBy?: string;
  /** `panel` takes the shared side-panel look (`tk-drawer*`, drawer.css); `sheet` only the widget's CSS. */
  variant?: 'panel' | 'sheet';
}

/**
 * A modal drawer: focus moves in on open, Tab keeps it inside (focus-trap.ts), and it goes back on close;
 * Escape and the backdrop close it. The `panel`
 * variant is a side panel (a centred card for alert dialogs) styled by drawer.css; a `sheet` is styled by
 * its widget alone.
 */
export function ModalDrawer(props: ModalDrawerProps) {
  const { title, onClose, block, element = 'drawer', part, closeLabel, children, actions } = props;
  const { role = 'dialog', kind, autofocus = true, variant = 'panel' } = props;
  // The widget's own classes stay as hooks for its CSS next to the shared ones.
  const cls = (shared: string, own: string) =>
    variant === 'panel' ? `${shared} ${block}__${own}` : `${block}__${own}`;
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  usePartCss('drawer', drawerCss);
  // Focus moves once, on open, and back on close: to the opener, or near it when it went with the dialog's
  // action (a closed position's row).
  useEffect(() => {
    const root = panel.current?.getRootNode() as Document | ShadowRoot | undefined;
    const previous = (root?.activeElement ?? null) as HTMLElement | null;
    const around = ancestorsOf(previous);
    const first = autofocus ? panel.current?.querySelector<HTMLElement>('[data-autofocus]') : null;
    (first ?? panel.current)?.focus();
    return () => {
      // Only a focus this dialog dropped goes back: when its drawer closed with it (a confirm closing a
      // position), or a list kept the focus when its row went (KO3), the focus is already in place.
      if (!focusDropped(root)) return;
      returnTarget(previous, around)?.focus();
    };
  }, []);
  const heading = (
    <h2 id={titleId} className={cls('tk-drawer__title', `${element}-title`)}>
      {title}
    </h2>
  );
  return (
    <div
      className={cls('tk-drawer__backdrop', 'backdrop')}
      data-kind={kind}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <div
        ref={panel}
        className={cls('tk-drawer', element)}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.describedBy}
        tabIndex={-1}
        part={part}
        onKeyDown={(e) => panel.current && trapTab(e, panel.current)}
      >
        {closeLabel === undefined ? (
          heading
        ) : (
          <header className={cls('tk-drawer__head', `${element}-head`)}>
            {heading}
            <button
              type="button"
              className={cls('tk-icon-btn', 'icon-btn')}
              aria-label={closeLabel}
              onClick={onClose}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
              </svg>
            </button>
          </header>
        )}
        <div className={cls('tk-drawer__body', `${element}-body`)}>{children}</div>
        {actions ? <div className={cls('tk-drawer__actions', `${element}-actions`)}>{actions}</div> : null}
      </div>
    </div>
  );
}

/** One labelled figure of a drawer's field list (`<dl className="tk-drawer__fields">`). */
export function DetailField({
  label,
  children,
  tone,
  id,
}: {
  label: string;
  children: ReactNode;
  tone?: string | undefined;
  id?: string;
}) {
  return (
    <div className="tk-drawer__field" data-field={id}>
      <dt>{label}</dt>
      <dd className="tk-num" data-tone={tone}>
        {children}
      </dd>
    </div>
  );
}
