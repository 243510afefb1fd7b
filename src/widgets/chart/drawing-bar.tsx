import { memo } from 'react';
import { useRovingFocus } from '../_shared/use-roving-focus';
import type { Translate } from '../_shared/use-t';
import { Icon } from './chart-icons';
import { DRAWING_TOOLS } from './chart.logic';
import type { DrawingTool } from './chart.logic';

/** Props of DrawingBar. */
export interface DrawingBarProps {
  /** A drawing is selected on the chart (it can be deleted). */
  selected: boolean;
  ready: boolean;
  t: Translate;
  onDraw: (tool: DrawingTool) => void;
  onDeleteSelected: () => void;
  onDeleteAll: () => void;
}

/** The drawing tools (klinecharts overlays), delete the selected drawing, delete all drawings (memoised). */
export const DrawingBar = memo(function DrawingBar({
  selected,
  ready,
  t,
  onDraw,
  onDeleteSelected,
  onDeleteAll,
}: DrawingBarProps) {
  const roving = useRovingFocus<HTMLDivElement>();
  return (
    <div
      className="tk-chart__drawing"
      role="toolbar"
      aria-label={t('chart.drawing_tools')}
      part="drawing-tools"
      {...roving}
    >
      {DRAWING_TOOLS.map((tool) => (
        <button
          key={tool}
          type="button"
          className="tk-chart__tool"
          data-overlay={tool}
          aria-label={t(`chart.overlay.${tool}`)}
          title={t(`chart.overlay.${tool}`)}
          disabled={!ready}
          onClick={() => onDraw(tool)}
        >
          <Icon name={tool} />
        </button>
      ))}
      <span className="tk-chart__separator" aria-hidden="true" />
      <button
        type="button"
        className="tk-chart__tool"
        data-action="delete-selected"
        aria-label={t('chart.action.delete_selected')}
        title={t('chart.action.delete_selected')}
        disabled={!ready || !selected}
        onClick={onDeleteSelected}
      >
        <Icon name="delete-selected" />
      </button>
      <button
        type="button"
        className="tk-chart__tool"
        data-action="delete-all"
        aria-label={t('chart.action.delete_all')}
        title={t('chart.action.delete_all')}
        disabled={!ready}
        onClick={onDeleteAll}
      >
        <Icon name="delete-all" />
      </button>
    </div>
  );
});
