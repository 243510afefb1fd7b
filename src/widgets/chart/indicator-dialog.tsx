import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { focusDropped, trapTab } from '../_shared/focus-trap';
import type { Translate } from '../_shared/use-t';
import { usePartCss } from '../_shared/widget-host';
import type { IndicatorSet, Pane } from './chart.logic';
import css from './indicator-dialog.css?inline';

/** Props of IndicatorDialog. */
export interface IndicatorDialogProps {
  indicators: IndicatorSet;
  /**
   * The indicators offered per area and how many each may show (INDICATORS and MAX_INDICATORS of chart.logic,
   * passed in so this lazily loaded chunk does not pull chart.logic out of the chart's chunk).
   */
  choices: Readonly<Record<Pane, readonly string[]>>;
  max: number;
  t: Translate;
  onToggle: (pane: Pane, name: string) => void;
  onClose: () => void;
}

const PANES: readonly Pane[] = ['main', 'sub'];

/**
 * The indicator dialog: toggles for the main-chart and sub-chart indicators (at most three each; the
 * widget refuses a fourth with a notice). Escape or the close button closes it; focus starts inside.
 */
export function IndicatorDialog({ indicators, choices, max, t, onToggle, onClose }: IndicatorDialogProps) {
  usePartCss('chart-indicator-dialog', css, true);
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);

  // Focus moves in on open and back to the toolbar button on close (issue #22).
  useEffect(() => {
    const root = dialog.current?.getRootNode() as Document | ShadowRoot | undefined;
    const previous = (root?.activeElement ?? null) as HTMLElement | null;
    dialog.current?.querySelector<HTMLButtonElement>('button[data-indicator]')?.focus();
    // Only a focus the dialog dropped goes back (KO1): a click elsewhere keeps its own.
    return () => {
      if (focusDropped(root)) previous?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (dialog.current) trapTab(event, dialog.current);
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return (
    <div className="tk-chart__backdrop" onClick={onClose}>
      <div
        ref={dialog}
        className="tk-chart__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        data-testid="indicator-dialog"
        part="indicator-dialog"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="tk-chart__dialog-title">
          {t('desktop.indicators')}
        </h2>
        {PANES.map((pane) => (
          <section key={pane} className="tk-chart__dialog-section" aria-labelledby={`${id}-${pane}`}>
            <h3 id={`${id}-${pane}`} className="tk-chart__dialog-heading">
              {t(`chart.${pane}_indicators`)}{' '}
              <span className="tk-chart__count tk-num">
                {indicators[pane].length}/{max}
              </span>
            </h3>
            <div className="tk-chart__chips">
              {choices[pane].map((name) => (
                <button
                  key={name}
                  type="button"
                  className="tk-chart__chip"
                  data-indicator={name}
                  data-pane={pane}
                  aria-pressed={indicators[pane].includes(name)}
                  title={t(`chart.indicator.${name}`)}
                  onClick={() => onToggle(pane, name)}
                >
                  {name}
                </button>
              ))}
            </div>
          </section>
        ))}
        <button type="button" className="tk-button tk-chart__dialog-close" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}
