/** Public API of <tk-account> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, DIRECTION_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import {
  API_ATTRIBUTE,
  LANGUAGE_LIST,
  LANG_ATTRIBUTE,
  navigateEvent,
  themeAttribute,
} from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';
import { ACCOUNT_VIEWS } from './account.logic';

/** The attributes, events, parts and tokens of <tk-account>. */
export const accountMeta: WidgetMeta = {
  tag: 'tk-account',
  summary:
    'Account hub: user menu with balance, profile, password, privacy policy, bind email and second factor.',
  description:
    'Shows the signed-in user of the page session. Links between its pages fire `tk-navigate` (cancel it when ' +
    'your page routes; otherwise the widget switches its own view). Signing out fires `tk-logout`, switching ' +
    'between the real and the demo account `tk-account-switch`. Display choices made in the menu fire ' +
    '`tk-preferences-change`; cancel it when your page applies them, otherwise the widget applies them to itself.',
  attributes: [
    {
      ...API_ATTRIBUTE,
      description:
        'Origin of the TradeKit platform. Defaults to `<meta name="tk-api">`, `window.TRADEKIT_API`, then the ' +
        'page origin. All widgets of a page share the first origin.',
    },
    {
      name: 'view',
      prop: 'view',
      type: 'string',
      values: ACCOUNT_VIEWS,
      description:
        '`menu` (user menu), `account` (avatar, nickname, log out), `changePassword`, `privacy`, `bindEmail` ' +
        '(phone-registered users of brands that allow it) or `security` (second factor).',
      default: "'menu'",
    },
    {
      ...LANG_ATTRIBUTE,
      description: `Language of the page (${LANGUAGE_LIST}); shared by all widgets.`,
    },
    themeAttribute(
      'Colour theme of the built-in defaults; the brand theme when absent. The menu toggle requests the other one.',
    ),
    {
      name: 'back',
      prop: 'back',
      type: 'boolean',
      description:
        'Show the back button on the header of sub-pages; `back="false"` when your page has its own.',
      default: 'true',
    },
    {
      name: 'color-scheme',
      prop: 'colorScheme',
      type: 'string',
      description: 'Id of the selected up/down colour pair of `color-schemes`.',
    },
    {
      name: 'color-schemes',
      prop: 'colorSchemes',
      type: 'json',
      description:
        'Up/down colour pairs offered by the theme drawer, e.g. `[{"id":"brand","up":"#2962ff","down":"#e53935"}]`; ' +
        'the drawer shows with two or more, and never where the brand fixes its colours (`userColors: false`).',
    },
    {
      name: 'cashier',
      prop: 'cashier',
      type: 'string',
      description:
        'The cashier pages your page has, space-separated (`deposit withdraw wallet myWallet loan`): on a ' +
        'real account the balance card shows the deposit and withdraw buttons and the menu the wallet rows (my ' +
        'wallet only with the brand switch user/myWallet) and the loan row (only with user/loan); each fires `tk-navigate` to its page. The demo ' +
        'account shows reset-demo and no wallet rows.',
    },
  ],
  events: [
    navigateEvent('A link to a page: cancelable; cancel it when your page routes.'),
    {
      name: 'tk-logout',
      description: 'The user signed out (the session is cleared).',
      detail: 'Record<string, never>',
    },
    {
      name: 'tk-account-switch',
      description: 'The session switched between the real and the demo account.',
      detail: '{ virtual: boolean }',
    },
    {
      name: 'tk-preferences-change',
      description:
        'The user picked a theme, colour pair or language: cancelable; cancel it when your page applied it.',
      detail: "{ theme?: 'light' | 'dark'; colorScheme?: string; language?: string }",
    },
  ],
  parts: [
    { name: 'header', description: 'Title bar of a sub-page.' },
    { name: 'profile', description: 'Avatar, nickname and uid of the menu.' },
    { name: 'unread', description: 'The unread notification count on the menu’s Notification row.' },
    { name: 'avatar', description: 'The user picture or its initial.' },
    { name: 'balance', description: 'The balance card.' },
    { name: 'cashier', description: 'The deposit and withdraw buttons of the balance card.' },
    { name: 'section', description: 'A titled group of rows.' },
    { name: 'row', description: 'One menu or list row.' },
    {
      name: 'sheet',
      description:
        'A drawer (also has the part of its kind: language-drawer, theme-drawer, switch-drawer, reset-drawer, logout-drawer, avatar-drawer).',
    },
    { name: 'qr', description: 'The QR code of the second-factor setup.' },
    { name: 'policy', description: 'The privacy policy text.' },
    { name: 'toast', description: 'A short message.' },
  ],
  cssProperties: cssPropertiesOf([...DIRECTION_TOKENS, ...BASE_TOKENS]),
};
