import type { CSSProperties, ReactNode } from 'react';
import { usePlatform } from './platform-context';
import { useAtomValue } from './store-react';
import { SHARED_CSS, styleNonce } from './styles';
import { useWidgetHost } from './widget-host';

/** Props of WidgetRoot. */
export interface WidgetRootProps {
  /** Widget name without the prefix, e.g. `quotes` (class `tk-quotes`). */
  name: string;
  /** The widget's own CSS. */
  css: string;
  /** Colour theme; the brand's theme from the runtime config when absent. */
  theme?: 'light' | 'dark' | undefined;
  children?: ReactNode;
}

/**
 * The outer element of every widget: theme, brand colour defaults and, inside a host React tree, the
 * widget's styles (React 19 hoists `<style href precedence>` into the document once per href; inside a
 * custom element defineWidget has already put them into the shadow root).
 */
export function WidgetRoot({ name, css, theme, children }: WidgetRootProps) {
  const host = useWidgetHost();
  const config = useAtomValue(usePlatform().atoms.config);
  const brand = config?.brand;
  const shown = theme ?? brand?.theme ?? 'light';
  // Brand colours replace the built-in defaults only; `--tk-color-*` set by the page still win. As the server made
  // them readable on this theme (A11Y3): a brand's blue for white pages is too dark on the dark surface.
  const colors = brand?.readableColors?.[shown] ?? brand?.colors;
  const style = colors
    ? ({ '--_tk-color-up': colors.up, '--_tk-color-down': colors.down } as CSSProperties)
    : undefined;
  return (
    <div className={`tk-root tk-${name}`} data-theme={shown} style={style}>
      {host ? null : (
        <>
          <style href="tk-shared" precedence="tk" nonce={styleNonce()}>
            {SHARED_CSS}
          </style>
          <style href={`tk-${name}`} precedence="tk" nonce={styleNonce()}>
            {css}
          </style>
        </>
      )}
      {children}
    </div>
  );
}
