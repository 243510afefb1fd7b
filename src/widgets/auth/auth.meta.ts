/** Public API of <tk-auth> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { API_ATTRIBUTE, LANG_ATTRIBUTE, navigateEvent, themeAttribute } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-auth>. */
export const authMeta: WidgetMeta = {
  tag: 'tk-auth',
  summary: 'Sign in (with a second factor), register and reset the password against the page session.',
  description:
    'Login by email or phone (phone only when the brand has PHONE_REGISTER, then the default), remember ' +
    'account and password, a six-digit second-factor step; register and forgot password in two steps with an ' +
    'emailed or texted code (or an image captcha). On success the page session is signed in and `tk-login` ' +
    'fires, then `tk-navigate` to the `to` path. Links fire `tk-navigate` (cancelable): cancel it when your ' +
    'page routes; otherwise the widget switches its own screen.',
  attributes: [
    API_ATTRIBUTE,
    {
      name: 'view',
      prop: 'view',
      type: 'string',
      values: ['login', 'register', 'forgot'],
      description: 'The screen to show.',
      default: "'login'",
    },
    {
      name: 'to',
      prop: 'to',
      type: 'string',
      description:
        'Path to go to after sign-in (the `to` query of `/login`, encoded or not). Only same-site paths are ' +
        'followed; anything else means `/`.',
      default: "'/'",
    },
    {
      name: 'invite',
      prop: 'invite',
      type: 'string',
      description:
        'Invite code to fill in on the register screen (the `inviteCode` query of a sign-up link). Letters and ' +
        'digits only; anything else is ignored.',
    },
    LANG_ATTRIBUTE,
    themeAttribute('Colour theme of the built-in defaults; the brand theme when absent.'),
  ],
  events: [
    {
      name: 'tk-login',
      description: 'The page session signed in (tokens stored, user info loaded). Bubbles and is composed.',
      detail: '{ uid: string }',
    },
    navigateEvent(
      'Asks the page to go to a path: `/login`, `/register`, `/forgot`, `/user/service`, or the `to` path ' +
        'after sign-in. Cancelable; when not cancelled the widget switches its own screen (and opens the ' +
        "brand's support link for `/user/service`).",
    ),
  ],
  parts: [
    { name: 'card', description: 'The whole form card.' },
    { name: 'header', description: 'Title row with the language picker and the service button.' },
    { name: 'language', description: 'The language picker.' },
    { name: 'service', description: 'The customer-service button.' },
    { name: 'switch', description: 'The email/phone switch.' },
    { name: 'country', description: 'The country / area-code button of the phone field.' },
    { name: 'country-panel', description: 'The searchable country list.' },
    { name: 'field', description: 'One labelled field.' },
    { name: 'field-error', description: 'The error text of a field.' },
    { name: 'code-box', description: 'One of the six code boxes.' },
    { name: 'captcha', description: 'The captcha image button.' },
    { name: 'error', description: 'The form error (server answer).' },
    { name: 'notice', description: 'A success or information notice.' },
    { name: 'submit', description: 'The main button.' },
  ],
  cssProperties: cssPropertiesOf(BASE_TOKENS),
};
