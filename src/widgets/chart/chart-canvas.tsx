import type { RefObject } from 'react';
import type { Translate } from '../_shared/use-t';
import type { EngineHandle } from './use-chart-engine';

/** Props of ChartCanvas. */
export interface ChartCanvasProps {
  handle: EngineHandle;
  /** The engine's container (klinecharts owns its children). */
  canvasRef: RefObject<HTMLDivElement | null>;
  /** The product's name, for the canvas's accessible label. */
  name: string;
  t: Translate;
}

/** The chart's canvas with its load state: a skeleton while loading, a retry when loading failed. */
export function ChartCanvas({ handle, canvasRef, name, t }: ChartCanvasProps) {
  return (
    <div
      className="tk-chart__canvas"
      part="canvas"
      data-testid="chart-canvas"
      data-state={handle.state}
      data-candles={handle.candles}
      data-drawings={handle.drawings}
      aria-busy={handle.state === 'loading'}
    >
      <div
        ref={canvasRef}
        className="tk-chart__engine"
        role="application"
        aria-label={t('chart.canvas', { symbol: name })}
        tabIndex={0}
      />
      {handle.state === 'ready' ? null : (
        <div className="tk-chart__cover">
          {handle.state === 'error' ? (
            <>
              <p>{t('chart.load_failed')}</p>
              <button type="button" className="tk-button" data-action="retry" onClick={handle.retry}>
                {t('common.retry')}
              </button>
            </>
          ) : (
            <>
              <div className="tk-chart__skeleton" aria-hidden="true" />
              <span className="tk-visually-hidden">{t('app.loading')}</span>
            </>
          )}
        </div>
      )}
    </div>
  );
}
