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

/** Detail of `tk-login`: the public id of the user who signed in. */
export interface LoginDetail {
  uid: string;
}

/** Fired when a user has signed in (tokens stored, user info loading). */
export class TkLoginEvent extends CustomEvent<LoginDetail> {
  constructor(detail: LoginDetail) {
    super('tk-login', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

/** Detail of `tk-logout` (empty: the session is gone). */
export type LogoutDetail = Record<string, never>;

/** Fired when the user signed out from a widget. */
export class TkLogoutEvent extends CustomEvent<LogoutDetail> {
  constructor(detail: LogoutDetail = {}) {
    super('tk-logout', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

/** Detail of `tk-navigate`: a host path such as `/register` or `/login?to=%2Fuser`. */
export interface NavigateDetail {
  to: string;
}

/**
 * Asks the page to go to a host route. Cancelable: a page that routes calls `preventDefault()`; when nobody
 * does, a widget may fall back to handling it itself (e.g. `<tk-auth>` switches its own view).
 */
export class TkNavigateEvent extends CustomEvent<NavigateDetail> {
  constructor(detail: NavigateDetail) {
    super('tk-navigate', { detail, bubbles: true, composed: true, cancelable: true });
  }
}

/** Detail of `tk-account-switch`: whether the session is now the demo account. */
export interface AccountSwitchDetail {
  virtual: boolean;
}

/** Fired after the session switched between the real and the demo account. */
export class TkAccountSwitchEvent extends CustomEvent<AccountSwitchDetail> {
  constructor(detail: AccountSwitchDetail) {
    super('tk-account-switch', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

/** Detail of `tk-order-placed`: the new order's number, its product and whether it is a demo order. */
export interface OrderPlacedDetail {
  orderId: string;
  symbol: string;
  virtual: boolean;
}

/** Fired when the server accepted an order (`order/addOrder` or its Mock variant answered code 0). */
export class TkOrderPlacedEvent extends CustomEvent<OrderPlacedDetail> {
  constructor(detail: OrderPlacedDetail) {
    super('tk-order-placed', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

/** Detail of `tk-option-placed`: the new option's number, its product, direction and whether it is a demo one. */
export interface OptionPlacedDetail {
  uid: string;
  symbol: string;
  /** 0 up, 1 down. */
  direction: 0 | 1;
  virtual: boolean;
}

/** Fired when the server accepted an option (`order/addOrderOption` or its Mock variant answered code 0). */
export class TkOptionPlacedEvent extends CustomEvent<OptionPlacedDetail> {
  constructor(detail: OptionPlacedDetail) {
    super('tk-option-placed', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

/** What a page may offer a trader whose real balance cannot cover an order. */
export type FundAction = 'demo' | 'deposit';

/** Detail of `tk-fund-account`: the action the trader chose, on which form and product. */
export interface FundAccountDetail {
  action: FundAction;
  symbol: string;
  mode: 'market' | 'option';
}

/**
 * Fired when a trader whose real balance cannot cover an order picks one of the actions the page offered
 * (`fund-actions`): the page switches to the demo account or, once it has a cashier, opens the deposit.
 */
export class TkFundAccountEvent extends CustomEvent<FundAccountDetail> {
  constructor(detail: FundAccountDetail) {
    super('tk-fund-account', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

/** Event name → detail type of every widget output. */
export interface TkEventDetails {
  'tk-symbol-select': SymbolSelectDetail;
  'tk-login': LoginDetail;
  'tk-logout': LogoutDetail;
  'tk-navigate': NavigateDetail;
  'tk-account-switch': AccountSwitchDetail;
  'tk-order-placed': OrderPlacedDetail;
  'tk-option-placed': OptionPlacedDetail;
  'tk-fund-account': FundAccountDetail;
}

/** Every widget output name. */
export type TkEventName = keyof TkEventDetails;

/** Event name → class; the only place an event name is tied to its class. */
export const TK_EVENTS: {
  [K in TkEventName]: new (detail: TkEventDetails[K]) => CustomEvent<TkEventDetails[K]>;
} = {
  'tk-symbol-select': TkSymbolSelectEvent,
  'tk-login': TkLoginEvent,
  'tk-logout': TkLogoutEvent,
  'tk-navigate': TkNavigateEvent,
  'tk-account-switch': TkAccountSwitchEvent,
  'tk-order-placed': TkOrderPlacedEvent,
  'tk-option-placed': TkOptionPlacedEvent,
  'tk-fund-account': TkFundAccountEvent,
};

/** Event name → the React callback prop that receives the same detail inside a host React tree. */
export const CALLBACK_PROPS = {
  'tk-symbol-select': 'onSymbolSelect',
  'tk-login': 'onLogin',
  'tk-logout': 'onLogout',
  'tk-navigate': 'onNavigate',
  'tk-account-switch': 'onAccountSwitch',
  'tk-order-placed': 'onOrderPlaced',
  'tk-option-placed': 'onOptionPlaced',
  'tk-fund-account': 'onFundAccount',
} as const satisfies Record<TkEventName, `on${string}`>;

/** The optional callback props of the outputs `K` (`onSymbolSelect?: (detail) => void`, …). */
export type EventCallbacks<K extends TkEventName = TkEventName> = {
  [N in K as (typeof CALLBACK_PROPS)[N]]?: (detail: TkEventDetails[N]) => void;
};

declare global {
  interface GlobalEventHandlersEventMap {
    'tk-symbol-select': TkSymbolSelectEvent;
    'tk-login': TkLoginEvent;
    'tk-logout': TkLogoutEvent;
    'tk-navigate': TkNavigateEvent;
    'tk-account-switch': TkAccountSwitchEvent;
    'tk-order-placed': TkOrderPlacedEvent;
    'tk-option-placed': TkOptionPlacedEvent;
    'tk-fund-account': TkFundAccountEvent;
  }
}
