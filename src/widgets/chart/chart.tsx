import { Suspense, use } from 'react';
import { ConnectionBanner } from '../_shared/connection-banner';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import type * as BodyModule from './chart-body';
import type { ChartCallbacks } from './chart-events';
import css from './chart.css?inline';
import type { EngineLoader } from './use-chart-engine';
import { useThemeState } from './use-chart-settings';

/** Props of <Chart>: the attributes of <tk-chart> (see chart.meta.ts) plus the output callbacks. */
export interface ChartProps extends EventCallbacks<'tk-symbol-select'>, ChartCallbacks {
  symbol?: string;
  period?: string;
  theme?: string;
  candleType?: string;
  /** Up/down colour pair id (`brand`, `green-red`, `red-green`); the chooser overrides it until it changes. */
  colorScheme?: string;
  /** When set, the page controls the indicator dialog (it follows `tk-indicators-toggle`). */
  indicatorsOpen?: boolean;
  toolbar?: boolean;
  /** Show the period, candle type, indicator and colour theme selectors of the toolbar. */
  selectors?: boolean;
  header?: boolean;
  /** 'option' labels the trade buttons Up and Down; 'market' (default) Sell and Buy. */
  tradeMode?: string;
  /** Another chart engine (tests, hosts with their own canvas); default: the klinecharts chunk. */
  engineLoader?: EngineLoader;
}

/**
 * What shows and runs the chart (chart-body.tsx: the symbol, the header, the controls, the engine) can show
 * nothing before the config and the first quotes, so its chunk starts loading with this module, in parallel with
 * /config.json and the feed's connection; until it is there the frame holds the places of the header, the
 * tools and the canvas.
 */
let LoadedBody: typeof BodyModule.ChartBody | null = null;
/** Settles once the body's code is there (tests and hosts that want the chart without the empty frame). */
export const chartBodyReady: Promise<void> = import('./chart-body').then((m) => {
  LoadedBody = m.ChartBody;
});

function Body(props: BodyModule.ChartBodyProps) {
  // Suspends only while the chunk is on its way (the Suspense fallback is the empty frame).
  if (!LoadedBody) use(chartBodyReady);
  const ChartBody = LoadedBody!;
  return <ChartBody {...props} />;
}

/** The frame while the body loads: the places of the header and the tools, the canvas's loading state. */
function EmptyFrame({ header, toolbar }: { header: boolean; toolbar: boolean }) {
  const t = useT();
  return (
    <div className="tk-chart__frame">
      <ConnectionBanner />
      {header ? <div className="tk-chart__header" part="header" aria-busy="true" /> : null}
      {toolbar ? <div className="tk-chart__toolbar" part="toolbar" aria-busy="true" /> : null}
      <div className="tk-chart__body">
        {toolbar ? <div className="tk-chart__drawing" part="drawing-tools" aria-busy="true" /> : null}
        <div
          className="tk-chart__canvas"
          part="canvas"
          data-testid="chart-canvas"
          data-state="loading"
          aria-busy="true"
        >
          <div className="tk-chart__cover">
            <div className="tk-chart__skeleton" aria-hidden="true" />
            <span className="tk-visually-hidden">{t('app.loading')}</span>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The product chart page of spec §2 (chart-body.tsx) in the widget's root, which shows its theme. */
export function Chart(props: ChartProps) {
  const { toolbar = true, header = true } = props;
  const brand = useAtomValue(usePlatform().atoms.config)?.brand;
  const themeState = useThemeState(props.theme, brand?.theme);
  return (
    <WidgetRoot name="chart" css={css} theme={themeState[0]}>
      <Suspense fallback={<EmptyFrame header={header} toolbar={toolbar} />}>
        <Body {...props} themeState={themeState} />
      </Suspense>
    </WidgetRoot>
  );
}
