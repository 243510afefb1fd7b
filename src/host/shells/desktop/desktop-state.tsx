/**
 * What the desktop top bar drives in the trading layout: the chart's period, candle style and indicator
 * dialog, and the order form panel (spec §2 top bar). Period and candle style are remembered across visits.
 * On the older desktop template (template 1) the quotation list is a panel of its own, shown at first when the
 * window is taller than 790 px (spec §2; decision BA4).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  CANDLE_TYPES,
  DEFAULT_CANDLE_TYPE,
  DEFAULT_PERIOD,
  KLINE_PERIODS,
  type CandleType,
  type KlinePeriod,
} from '../../../widgets/chart';
import { useHost } from '../../host-context';
import { PrefKey, readChoice, writePref } from '../../prefs';

/** The older template shows the quotation list at first on windows taller than this (spec §2). */
export const OLDER_TEMPLATE_LIST_MIN_HEIGHT = 790;

/** Whether the quotation list shows at first: always on template 2; on template 1 only in a tall window. */
export function listShownAtFirst(template: 1 | 2, windowHeight: number): boolean {
  return template !== 1 || windowHeight > OLDER_TEMPLATE_LIST_MIN_HEIGHT;
}

/** The desktop chart controls. */
export interface DesktopState {
  period: KlinePeriod;
  setPeriod: (period: KlinePeriod) => void;
  candleType: CandleType;
  setCandleType: (type: CandleType) => void;
  indicatorsOpen: boolean;
  setIndicatorsOpen: (open: boolean) => void;
  /** The order form panel beside the chart, and the side it starts on (0 buy, 1 sell). */
  order: OrderPanel;
  openOrder: (direction: 0 | 1) => void;
  toggleOrder: () => void;
  /** Whether the brand's template lets the quotation list be closed (template 1). */
  listToggles: boolean;
  /** Whether the quotation list shows. */
  listOpen: boolean;
  toggleList: () => void;
}

/** State of the order form panel; `ticket` changes on every opening so the form starts afresh. */
export interface OrderPanel {
  open: boolean;
  direction: 0 | 1;
  ticket: number;
}

const DesktopContext = createContext<DesktopState | null>(null);

/** Provides the desktop controls to the top bar and the trading layout. */
export function DesktopStateProvider({ children }: { children: ReactNode }) {
  const [period, setPeriod] = useState<KlinePeriod>(() =>
    readChoice(PrefKey.chartPeriod, KLINE_PERIODS, DEFAULT_PERIOD),
  );
  const [candleType, setCandleType] = useState<CandleType>(() =>
    readChoice(PrefKey.chartCandleType, CANDLE_TYPES, DEFAULT_CANDLE_TYPE),
  );
  const [indicatorsOpen, setIndicatorsOpen] = useState(false);
  const { config } = useHost();
  const listToggles = config.brand.template === 1;
  const [listOpen, setListOpen] = useState(() => listShownAtFirst(config.brand.template, window.innerHeight));
  const toggleList = useCallback(() => setListOpen((open) => !open), []);
  const [order, setOrder] = useState<OrderPanel>({ open: false, direction: 0, ticket: 0 });
  const openOrder = useCallback(
    (direction: 0 | 1) => setOrder((o) => ({ open: true, direction, ticket: o.ticket + 1 })),
    [],
  );
  const toggleOrder = useCallback(
    () =>
      setOrder((o) => (o.open ? { ...o, open: false } : { open: true, direction: 0, ticket: o.ticket + 1 })),
    [],
  );
  const value = useMemo<DesktopState>(
    () => ({
      period,
      setPeriod: (next) => {
        writePref(PrefKey.chartPeriod, next);
        setPeriod(next);
      },
      candleType,
      setCandleType: (next) => {
        writePref(PrefKey.chartCandleType, next);
        setCandleType(next);
      },
      indicatorsOpen,
      setIndicatorsOpen,
      order,
      openOrder,
      toggleOrder,
      listToggles,
      listOpen: listOpen || !listToggles,
      toggleList,
    }),
    [period, candleType, indicatorsOpen, order, openOrder, toggleOrder, listToggles, listOpen, toggleList],
  );
  return <DesktopContext.Provider value={value}>{children}</DesktopContext.Provider>;
}

/** The desktop controls; only valid under `<DesktopStateProvider>`. */
export function useDesktopState(): DesktopState {
  const state = useContext(DesktopContext);
  if (!state) throw new Error('useDesktopState() used outside <DesktopStateProvider>');
  return state;
}
