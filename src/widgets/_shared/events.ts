/**
 * Typed outputs of the widgets: one DOM event class each, dispatched from the custom element with
 * `bubbles` and `composed` so a brand page can listen on the element or anywhere above it.
 */

/** Detail of `tk-symbol-select`: the symbol the user picked (a row click or Enter). */
export interface SymbolSelectDetail {
  symbol: string;
}

/** Fired when the user selects a symbol, e.g. a quotes row. */
export class TkSymbolSelectEvent extends CustomEvent<SymbolSelectDetail> {
  constructor(detail: SymbolSelectDetail) {
    super('tk-symbol-select', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

/** Event name → detail type of every widget output. */
export interface TkEventDetails {
  'tk-symbol-select': SymbolSelectDetail;
}

/** Every widget output name. */
export type TkEventName = keyof TkEventDetails;

/** Event name → class; the only place an event name is tied to its class. */
export const TK_EVENTS: {
  [K in TkEventName]: new (detail: TkEventDetails[K]) => CustomEvent<TkEventDetails[K]>;
} = {
  'tk-symbol-select': TkSymbolSelectEvent,
};

/** Event name → the React callback prop that receives the same detail inside a host React tree. */
export const CALLBACK_PROPS = {
  'tk-symbol-select': 'onSymbolSelect',
} as const satisfies Record<TkEventName, `on${string}`>;

/** The optional callback props of the outputs `K` (`onSymbolSelect?: (detail) => void`, …). */
export type EventCallbacks<K extends TkEventName = TkEventName> = {
  [N in K as (typeof CALLBACK_PROPS)[N]]?: (detail: TkEventDetails[N]) => void;
};

declare global {
  interface GlobalEventHandlersEventMap {
    'tk-symbol-select': TkSymbolSelectEvent;
  }
}
