import type { ReactNode } from 'react';
import { useT } from './use-t';
import { WidgetRoot } from './widget-root';

/** Where a widget's loading state sits: its root (`tk-<name>`) and, when it has one, its inner frame class. */
export interface LoadingFrameOptions {
  name: string;
  css: string;
  frameClass?: string;
}

/**
 * The first paint of a widget whose body loads after it (define-widget.tsx, LazyBody): the loading state the
 * widget shows while its config or session comes, in the same root and frame, so the box keeps its size.
 */
export function loadingFrame({
  name,
  css,
  frameClass,
}: LoadingFrameOptions): (props: { theme?: unknown }) => ReactNode {
  function LoadingFrame({ theme }: { theme?: unknown }) {
    const t = useT();
    const state = (
      <p className="tk-state" role="status">
        {t('app.loading')}
      </p>
    );
    return (
      <WidgetRoot name={name} css={css} theme={theme === 'dark' || theme === 'light' ? theme : undefined}>
        {frameClass ? <div className={frameClass}>{state}</div> : state}
      </WidgetRoot>
    );
  }
  LoadingFrame.displayName = `LoadingFrame(${name})`;
  return LoadingFrame;
}
