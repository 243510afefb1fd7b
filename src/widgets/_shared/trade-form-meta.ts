/**
 * The public API the two order forms (<tk-order-form>, <tk-option-form>) share, as data: the route
 * attributes, the output events and the frame of parts around each form's own. Kept apart from
 * widget-meta.ts so that widgets without an order form do not carry it.
 */
import {
  ACCOUNT_STRIP_PARTS,
  API_ATTRIBUTE,
  FUND_ACCOUNT_EVENT,
  FUND_ACTIONS_ATTRIBUTE,
  FUND_NOTICE_PARTS,
  LANG_ATTRIBUTE,
  navigateEvent,
  themeAttribute,
} from './widget-meta';
import type { WidgetAttribute, WidgetEvent, WidgetPart } from './widget-meta';

/** What tells one order form's route attributes from the other's. */
export interface TradeFormRoute {
  /** A product code for the `symbol` example, e.g. `EURUSD`. */
  example: string;
  /** The words of direction 0 and 1, e.g. `['buy', 'sell']`. */
  sides: readonly [string, string];
  /** The one `mode` the form serves. */
  mode: string;
}

/** `api`, `symbol`, `direction`, `mode`, `fund-actions`, `theme`, `lang`, in that order. */
export function tradeFormAttributes({ example, sides, mode }: TradeFormRoute): WidgetAttribute[] {
  return [
    API_ATTRIBUTE,
    {
      name: 'symbol',
      prop: 'symbol',
      type: 'string',
      description: `Product to trade, e.g. \`${example}\`.`,
    },
    {
      name: 'direction',
      prop: 'direction',
      type: 'number',
      values: ['0', '1'],
      description: `Side the ticket opens on: 0 ${sides[0]}, 1 ${sides[1]} (the user can switch). Any other value leaves the page.`,
      default: '0',
    },
    {
      name: 'mode',
      prop: 'mode',
      type: 'string',
      values: [mode],
      description: `Trade mode; only \`${mode}\` is served here, any other value leaves the page.`,
      default: `'${mode}'`,
    },
    FUND_ACTIONS_ATTRIBUTE,
    themeAttribute(),
    LANG_ATTRIBUTE,
  ];
}

/** The form's placed event, `tk-fund-account` and `tk-navigate` (described by the form: its paths differ). */
export function tradeFormEvents(placed: WidgetEvent, navigate: string): WidgetEvent[] {
  return [placed, FUND_ACCOUNT_EVENT, navigateEvent(navigate)];
}

/** The parts of one form: its own between `header` and `submit`, and those after `submit` (if any). */
export interface TradeFormParts {
  header: string;
  fields: readonly WidgetPart[];
  submit: string;
  afterSubmit?: readonly WidgetPart[];
}

/** `form`, the account strip, `header`, the form's fields, `submit`, …, the fund notice, `toast`, `banner`. */
export function tradeFormParts({ header, fields, submit, afterSubmit = [] }: TradeFormParts): WidgetPart[] {
  return [
    { name: 'form', description: 'The whole ticket.' },
    ...ACCOUNT_STRIP_PARTS,
    { name: 'header', description: header },
    ...fields,
    { name: 'submit', description: submit },
    ...afterSubmit,
    ...FUND_NOTICE_PARTS,
    { name: 'toast', description: 'A message (rule, success or failure).' },
    { name: 'banner', description: 'The live-connection notice (reconnecting, lost, failed).' },
  ];
}
